import { randomBytes } from 'node:crypto';
import { fileStore } from '../files/file-store.ts';
import { isBase64, sniffImage } from '../files/image-type.ts';
import { HttpError } from '../lib/http-error.ts';
import { USER_IMAGE_MAX_BYTES, type UserImageUpload } from '../../contracts/user.ts';

/** Where a user's uploaded image is kept (DATA_DIR/files). */
const imageKey = (uuid: string) => `user-images/${uuid.toLowerCase()}`;
/** The address of a user's uploaded image; `v` changes with every upload, so it is cached for good. */
const imagePath = (uuid: string, version: string) => `/api/entity/user/${uuid}/image?v=${version}`;

/** Whether an img is the address of this user's own upload (not another's, not a web address). */
export const isImagePathOf = (uuid: string, img: string) =>
  img.startsWith(`/api/entity/user/${uuid}/image?v=`);

/** Users' uploaded profile pictures: checked to be what they say, kept as files. */
export function userImages(dataDir: string) {
  const files = fileStore(dataDir);
  return {
    /** The stored image and its type, or a 404 when there is none. */
    async read(uuid: string): Promise<{ bytes: Buffer; type: string }> {
      const bytes = await files.read(imageKey(uuid));
      const type = bytes && sniffImage(bytes);
      if (!bytes || !type) throw new HttpError(404, 'Resource not found');
      return { bytes, type };
    },

    /** The bytes of an upload, refused unless they are an image of the type it declares. */
    check(upload: UserImageUpload): Buffer {
      const { contentType, data } = upload;
      if (!isBase64(data)) throw new HttpError(400, 'body.data must be base64');
      const bytes = Buffer.from(data, 'base64');
      if (bytes.length > USER_IMAGE_MAX_BYTES) {
        throw new HttpError(413, 'The image is larger than 2 MB');
      }
      const actual = sniffImage(bytes);
      if (!actual) throw new HttpError(400, 'body.data is not a JPEG, PNG or WebP image');
      if (actual !== contentType) {
        throw new HttpError(400, `body.contentType says ${contentType} but the file is ${actual}`);
      }
      return bytes;
    },

    /** Keeps a checked image; answers the new img address to save with the user. */
    async store(uuid: string, bytes: Buffer): Promise<string> {
      await files.put(imageKey(uuid), bytes);
      return imagePath(uuid, randomBytes(6).toString('hex'));
    },

    async remove(uuid: string): Promise<void> {
      await files.remove([imageKey(uuid)]);
    },
  };
}
