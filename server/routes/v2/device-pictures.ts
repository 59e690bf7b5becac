import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { DevicePicture as PictureRow } from '../../db/types.ts';
import { fileStore } from '../../files/file-store.ts';
import { isBase64, sniffImage } from '../../files/image-type.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { devicePictureRepository } from '../../repositories/device-picture-repository.ts';
import { deviceRepository } from '../../repositories/device-repository.ts';
import { errors, ErrorBody, Ok } from '../../../contracts/common.ts';
import {
  DevicePicture,
  DevicePictureUpload,
  ImageResponse,
  PICTURE_BODY_LIMIT,
  PICTURE_MAX_BYTES,
  PICTURES_PER_DEVICE,
} from '../../../contracts/device-picture.ts';
import { idInPath, notFound, ownerOf } from './shared.ts';
import { DevicePictureParams, EntityIdParams } from '../../schemas/params.ts';

const view = (row: PictureRow): DevicePicture => ({
  id: row.id,
  uuid: row.uuid,
  deviceId: row.device_id,
  fileName: row.file_name,
  contentType: row.content_type,
  sizeBytes: row.size_bytes,
  created: row.created_at.toISOString(),
});

/** A file name as it may appear in a Content-Disposition header. */
const headerFileName = (name: string) => name.replace(/[^\w.\- ]/g, '_');

/**
 * Pictures of a device (spec §2 device tabs, §8 upload texts). Reading them
 * needs device.list, uploading and deleting device.modify, all in the device's
 * organisation; a device or picture outside it is answered 404. The bytes live
 * in DATA_DIR/files (see server/files/file-store.ts), the rows in device_pictures.
 */
const devicePictures: FastifyPluginAsyncTypebox = async (fastify) => {
  const devices = deviceRepository(fastify.db);
  const pictures = devicePictureRepository(fastify.db);
  const files = fileStore(fastify.config.dataDir);
  const deviceOrg = ownerOf(devices.orgOf, idInPath);

  fastify.get(
    '/v2/device/:id/pictures',
    {
      preHandler: fastify.guard({ resource: 'device', privilege: 'list', target: deviceOrg }),
      schema: {
        tags: ['devices'],
        summary: 'The pictures of device {id}, oldest first',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: Type.Array(DevicePicture), ...errors },
      },
    },
    async (request) => (await pictures.list(request.params.id)).map(view),
  );

  fastify.get(
    '/v2/device/:id/picture/:pictureId',
    {
      preHandler: fastify.guard({ resource: 'device', privilege: 'list', target: deviceOrg }),
      schema: {
        tags: ['devices'],
        summary: 'The image of one picture of device {id}',
        description:
          'Answers the bytes with the picture’s image type. The SESSION cookie is honoured ' +
          'for this GET, so the console can show it in an <img>.',
        security: [{ bearer: [] }],
        params: DevicePictureParams,
        response: {
          200: ImageResponse,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const row = await pictures.get(request.params.id, request.params.pictureId);
      if (!row) throw notFound();
      const bytes = await files.read(row.storage_key);
      if (!bytes) throw notFound();
      return reply
        .header('content-type', row.content_type)
        .header('content-disposition', `inline; filename="${headerFileName(row.file_name)}"`)
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(bytes);
    },
  );

  fastify.post(
    '/v2/device/:id/pictures',
    {
      preHandler: fastify.guard({ resource: 'device', privilege: 'modify', target: deviceOrg }),
      bodyLimit: PICTURE_BODY_LIMIT + 1024,
      schema: {
        tags: ['devices'],
        summary: 'Upload a picture of device {id} (JPEG, PNG or WebP, at most 5 MB)',
        description:
          'The body carries the image as base64. The declared contentType must match the bytes. ' +
          `A device has at most ${PICTURES_PER_DEVICE} pictures.`,
        security: [{ bearer: [] }],
        params: EntityIdParams,
        body: DevicePictureUpload,
        response: { 201: DevicePicture, ...errors, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { fileName, contentType, data } = request.body;
      if (!isBase64(data)) throw new HttpError(400, 'body.data must be base64');
      const bytes = Buffer.from(data, 'base64');
      if (bytes.length > PICTURE_MAX_BYTES) {
        throw new HttpError(413, 'The picture is larger than 5 MB');
      }
      const actual = sniffImage(bytes);
      if (!actual) throw new HttpError(400, 'body.data is not a JPEG, PNG or WebP image');
      if (actual !== contentType) {
        throw new HttpError(400, `body.contentType says ${contentType} but the file is ${actual}`);
      }
      const deviceId = request.params.id;
      if ((await pictures.count(deviceId)) >= PICTURES_PER_DEVICE) {
        throw new HttpError(409, `A device has at most ${PICTURES_PER_DEVICE} pictures`);
      }
      const key = `device-pictures/${deviceId}/${randomUUID()}`;
      await files.put(key, bytes);
      try {
        const row = await pictures.create({
          device_id: deviceId,
          file_name: fileName.trim(),
          content_type: actual,
          size_bytes: bytes.length,
          storage_key: key,
          created_by: actor.userUuid,
        });
        return await reply.status(201).send(view(row));
      } catch (error) {
        // The device went meanwhile (or the row could not be written): keep no stray file.
        await files.remove([key]);
        throw error;
      }
    },
  );

  fastify.delete(
    '/v2/device/:id/picture/:pictureId',
    {
      preHandler: fastify.guard({ resource: 'device', privilege: 'modify', target: deviceOrg }),
      schema: {
        tags: ['devices'],
        summary: 'Delete a picture of device {id}',
        security: [{ bearer: [] }],
        params: DevicePictureParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const key = await pictures.delete(request.params.id, request.params.pictureId);
      if (key === undefined) throw notFound();
      await files.remove([key]);
      return { ok: true };
    },
  );
};

export default devicePictures;
