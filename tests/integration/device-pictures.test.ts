import fs from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll, type World, type WorldUser } from '../helpers/world.ts';

/**
 * Device pictures (/api/v2/device/{id}/pictures): upload, list, read the bytes
 * and delete, the image types and size limit, who may do what (users have
 * device.modify, so they may upload and delete in their own organisation) and
 * that another tenant's device or picture is answered 404.
 */
describe('device pictures', () => {
  interface PictureJson {
    id: number;
    uuid: string;
    deviceId: number;
    fileName: string;
    contentType: string;
    sizeBytes: number;
    created: string;
  }
  let t: TestApp;
  let world: World;
  let tokens: Record<WorldUser, string>;
  let as: (
    who: WorldUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;

  // The smallest real images: a 1×1 PNG, a JPEG header and a WebP header.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
  const webp = Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x20, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(24, 2),
  ]);
  const upload = (bytes: Buffer, contentType: string, fileName = 'site.png') => ({
    fileName,
    contentType,
    data: bytes.toString('base64'),
  });
  const pictures = (id: number) => `/api/v2/device/${id}/pictures`;
  const picture = (id: number, pictureId: number) => `/api/v2/device/${id}/picture/${pictureId}`;
  const files = async () => {
    const dir = path.join(t.config.dataDir, 'files', 'device-pictures');
    const found: string[] = [];
    for (const device of await fs.readdir(dir).catch(() => [] as string[])) {
      for (const file of await fs.readdir(path.join(dir, device))) found.push(`${device}/${file}`);
    }
    return found.sort();
  };

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
    ({ as, tokens } = await signInAll(t.app));
  });

  afterAll(async () => {
    await t.close();
  });

  it('uploads, lists, serves and deletes a picture', async () => {
    const device = world.alphaThings.device.id;
    const before = await files();
    const res = await as('managerA', 'POST', pictures(device), upload(png, 'image/png'));
    expect(res.statusCode).toBe(201);
    const made = res.json<PictureJson>();
    expect(made).toMatchObject({
      deviceId: device,
      fileName: 'site.png',
      contentType: 'image/png',
      sizeBytes: png.length,
    });
    expect(await files()).toHaveLength(before.length + 1);

    const list = await as('userA', 'GET', pictures(device));
    expect(list.statusCode).toBe(200);
    expect(list.json<PictureJson[]>().map((p) => p.id)).toEqual([made.id]);

    const bytes = await as('userA', 'GET', picture(device, made.id));
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.rawPayload.equals(png)).toBe(true);

    const deleted = await as('managerA', 'DELETE', picture(device, made.id));
    expect(deleted.statusCode).toBe(200);
    expect((await as('userA', 'GET', pictures(device))).json()).toEqual([]);
    expect((await as('userA', 'GET', picture(device, made.id))).statusCode).toBe(404);
    expect((await as('managerA', 'DELETE', picture(device, made.id))).statusCode).toBe(404);
    expect(await files()).toEqual(before);
  });

  it('serves the picture to the SESSION cookie, so an <img> can show it', async () => {
    const device = world.alphaThings.device.id;
    const made = (
      await as('managerA', 'POST', pictures(device), upload(jpeg, 'image/jpeg'))
    ).json<PictureJson>();
    const res = await t.app.inject({
      method: 'GET',
      url: picture(device, made.id),
      headers: { cookie: `SESSION=${tokens.userA}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: picture(device, made.id) })).statusCode).toBe(
      401,
    );
    await as('managerA', 'DELETE', picture(device, made.id));
  });

  it('takes JPEG, PNG and WebP and refuses other types, mismatches and bad base64', async () => {
    const device = world.alphaThings.device.id;
    for (const [bytes, type] of [
      [jpeg, 'image/jpeg'],
      [png, 'image/png'],
      [webp, 'image/webp'],
    ] as const) {
      const res = await as('managerA', 'POST', pictures(device), upload(bytes, type, 'x'));
      expect([type, res.statusCode]).toEqual([type, 201]);
      await as('managerA', 'DELETE', picture(device, res.json<PictureJson>().id));
    }
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const refused = [
      [upload(gif, 'image/gif'), 'contentType'],
      [upload(gif, 'image/png'), 'not a JPEG, PNG or WebP'],
      [upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'), 'not a JPEG'],
      [upload(png, 'image/jpeg'), 'but the file is image/png'],
      [{ ...upload(png, 'image/png'), data: 'not base64!' }, 'base64'],
      [{ ...upload(png, 'image/png'), fileName: '' }, 'fileName'],
    ] as const;
    for (const [body, words] of refused) {
      const res = await as('managerA', 'POST', pictures(device), body);
      expect([words, res.statusCode]).toEqual([words, 400]);
      expect(res.json<{ message: string }>().message).toContain(words);
    }
    // A raw image body is not the API's shape: no parser for it.
    const raw = await t.app.inject({
      method: 'POST',
      url: pictures(device),
      headers: {
        authorization: `Bearer ${tokens.managerA}`,
        'content-type': 'image/png',
      },
      payload: png,
    });
    expect(raw.statusCode).toBe(415);
    expect((await as('managerA', 'GET', pictures(device))).json()).toEqual([]);
  });

  it('refuses a picture over 5 MB (413) and keeps no file', async () => {
    const device = world.alphaThings.device.id;
    const before = await files();
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const res = await as('managerA', 'POST', pictures(device), upload(big, 'image/png'));
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/larger than 5 MB|too large/);
    // Far beyond: the body limit answers before anything is read.
    const huge = Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024, 0)]);
    const res2 = await as('managerA', 'POST', pictures(device), upload(huge, 'image/png'));
    expect(res2.statusCode).toBe(413);
    expect(await files()).toEqual(before);
    expect((await as('managerA', 'GET', pictures(device))).json()).toEqual([]);
  });

  it('lets a user view, upload and delete in their own organisation (device.modify)', async () => {
    const device = world.alphaThings.device.id;
    const res = await as('userA', 'POST', pictures(device), upload(png, 'image/png'));
    expect(res.statusCode).toBe(201);
    const id = res.json<PictureJson>().id;
    expect((await as('userA', 'DELETE', picture(device, id))).statusCode).toBe(200);
  });

  it('answers 404 for another tenant’s device or picture, and changes nothing', async () => {
    const beta = world.betaThings.device.id;
    const alpha = world.alphaThings.device.id;
    const made = (
      await as('managerB', 'POST', pictures(beta), upload(png, 'image/png'))
    ).json<PictureJson>();
    const before = await files();
    for (const who of ['managerA', 'userA', 'userA1'] as const) {
      expect((await as(who, 'GET', pictures(beta))).statusCode).toBe(404);
      expect((await as(who, 'GET', picture(beta, made.id))).statusCode).toBe(404);
      expect((await as(who, 'POST', pictures(beta), upload(png, 'image/png'))).statusCode).toBe(
        404,
      );
      expect((await as(who, 'DELETE', picture(beta, made.id))).statusCode).toBe(404);
    }
    // A picture of another device, named through a device the caller may use, is missing too.
    expect((await as('managerA', 'GET', picture(alpha, made.id))).statusCode).toBe(404);
    expect((await as('managerA', 'DELETE', picture(alpha, made.id))).statusCode).toBe(404);
    // userA1 works in Alpha North only: Alpha's device is as foreign as Beta's.
    expect((await as('userA1', 'GET', pictures(alpha))).statusCode).toBe(404);
    expect(await files()).toEqual(before);
    expect((await as('managerB', 'GET', pictures(beta))).json<PictureJson[]>()).toHaveLength(1);
    expect((await as('super', 'GET', picture(beta, made.id))).statusCode).toBe(200);
    // Unknown device and picture ids are the same 404.
    expect((await as('managerA', 'GET', pictures(999_999))).statusCode).toBe(404);
    expect((await as('managerA', 'GET', picture(alpha, 999_999))).statusCode).toBe(404);
  });

  it('removes the files with the device', async () => {
    const created = await as('managerA', 'POST', '/api/v2/device', { name: 'Short-lived' });
    const device = created.json<{ id: number }>().id;
    const before = await files();
    await as('managerA', 'POST', pictures(device), upload(png, 'image/png'));
    await as('managerA', 'POST', pictures(device), upload(jpeg, 'image/jpeg'));
    expect(await files()).toHaveLength(before.length + 2);
    expect((await as('managerA', 'DELETE', `/api/v2/device/${device}`)).statusCode).toBe(200);
    expect(await files()).toEqual(before);
    const rows = await t.database.db
      .selectFrom('device_pictures')
      .select('id')
      .where('device_id', '=', device)
      .execute();
    expect(rows).toEqual([]);
  });
});
