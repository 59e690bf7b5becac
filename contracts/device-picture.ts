import { Type, type Static } from 'typebox';
import { Text, Timestamp, Uuid } from './common.ts';

/** The image types a device picture may have; anything else is refused. */
export const pictureTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PictureType = (typeof pictureTypes)[number];

/** The largest picture, in bytes (5 MiB), once decoded. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Base64 makes 3 bytes 4 characters; a body over this cannot hold an allowed picture. */
export const PICTURE_BODY_LIMIT = Math.ceil(PICTURE_MAX_BYTES / 3) * 4 + 16 * 1024;
/** At most this many pictures per device. */
export const PICTURES_PER_DEVICE = 50;

/**
 * An uploaded picture: the image bytes as base64 (no `data:` prefix), its
 * declared type (which must match the bytes) and the file's name.
 */
export const DevicePictureUpload = Type.Object(
  {
    fileName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    contentType: Type.Union(pictureTypes.map((type) => Type.Literal(type))),
    data: Type.String({ minLength: 4, maxLength: PICTURE_BODY_LIMIT }),
  },
  { additionalProperties: false },
);
export type DevicePictureUpload = Static<typeof DevicePictureUpload>;

export const DevicePicture = Type.Object({
  id: Type.Integer(),
  uuid: Uuid,
  deviceId: Type.Integer(),
  fileName: Text(200),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  created: Timestamp,
});
export type DevicePicture = Static<typeof DevicePicture>;

/** Image bytes: sent as they are (a Buffer skips serialisation), documented as binary. */
const Image = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
/** An answer that is an image of one of the allowed types (device and profile pictures). */
export const ImageResponse = {
  description: 'The image',
  content: Object.fromEntries(pictureTypes.map((type) => [type, { schema: Image }])),
};
