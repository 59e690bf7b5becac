import { describe, expect, it } from 'vitest';
import { useWorldApp } from '../helpers/world-app.ts';

/** A 1×1 PNG and the first bytes of a JPEG, as base64. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64');

describe('profile pictures', () => {
  const t = useWorldApp();
  const { as } = t;

  it('a user uploads their own picture, others in scope see it, and it can be removed', async () => {
    const uuid = t.world.users.userA;
    const uploaded = await as('userA', 'PUT', `/api/entity/user/${uuid}/image`, {
      contentType: 'image/png',
      data: PNG_1X1,
    });
    expect(uploaded.statusCode).toBe(200);
    const img = uploaded.json<{ img: string }>().img;
    expect(img).toMatch(new RegExp(`^/api/entity/user/${uuid}/image\\?v=[a-z0-9]+$`));

    for (const who of ['userA', 'managerA', 'super'] as const) {
      const read = await as(who, 'GET', img);
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/png');
      expect(read.rawPayload.equals(Buffer.from(PNG_1X1, 'base64'))).toBe(true);
    }
    // Another organisation's manager cannot see it, nor change or remove it.
    expect((await as('managerB', 'GET', img)).statusCode).toBe(404);
    expect(
      (
        await as('managerB', 'PUT', `/api/entity/user/${uuid}/image`, {
          contentType: 'image/png',
          data: PNG_1X1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await as('managerB', 'DELETE', `/api/entity/user/${uuid}/image`)).statusCode).toBe(404);

    // The profile form sends the address back unchanged; another user's image is refused.
    const kept = await as('userA', 'PUT', `/api/entity/user/${uuid}`, { img, firstName: 'Arne' });
    expect(kept.statusCode).toBe(200);
    const borrowed = await as('managerA', 'PUT', `/api/entity/user/${t.world.users.managerA}`, {
      img,
    });
    expect(borrowed.statusCode).toBe(400);

    // A new upload gets a new address, so browsers do not keep the old picture.
    const again = await as('userA', 'PUT', `/api/entity/user/${uuid}/image`, {
      contentType: 'image/png',
      data: PNG_1X1,
    });
    expect(again.json<{ img: string }>().img).not.toBe(img);

    const removed = await as('userA', 'DELETE', `/api/entity/user/${uuid}/image`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ img: string | null }>().img).toBeNull();
    expect((await as('userA', 'GET', img)).statusCode).toBe(404);
  });

  it('refuses what is not a JPEG, PNG or WebP, a type that does not match, and a plain user changing another', async () => {
    const uuid = t.world.users.userA;
    const text = await as('userA', 'PUT', `/api/entity/user/${uuid}/image`, {
      contentType: 'image/png',
      data: Buffer.from('not an image').toString('base64'),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json<{ message: string }>().message).toContain('not a JPEG, PNG or WebP');
    const mismatch = await as('userA', 'PUT', `/api/entity/user/${uuid}/image`, {
      contentType: 'image/png',
      data: JPEG_START,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<{ message: string }>().message).toContain('image/jpeg');
    const notBase64 = await as('userA', 'PUT', `/api/entity/user/${uuid}/image`, {
      contentType: 'image/png',
      data: 'not base64!',
    });
    expect(notBase64.statusCode).toBe(400);
    const other = await as('userA', 'PUT', `/api/entity/user/${t.world.users.managerA}/image`, {
      contentType: 'image/png',
      data: PNG_1X1,
    });
    expect(other.statusCode).toBe(403);
    // Nothing was stored by any of these.
    const user = await as('userA', 'GET', `/api/entity/user/${uuid}`);
    expect(user.json<{ img: string | null }>().img).toBeNull();
  });
});
