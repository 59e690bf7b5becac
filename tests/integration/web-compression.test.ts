import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signIn } from '../helpers/world.ts';

// A built console as the build leaves it: its files, and the brotli and gzip
// copies scripts/precompress.ts writes beside them.
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"device ${i}"}`).join(',')}];\n`;
const style = `${Array.from({ length: 60 }, (_, i) => `.row-${i}{padding:${i}px;color:#00796b}`).join('\n')}\n`;
const page = `<!doctype html><html lang="da"><head><meta charset="UTF-8" /><title>Nordlys test</title>${'<meta name="x" content="padding the page past the smallest size worth compressing" />'.repeat(12)}</head><body><div id="root"></div></body></html>`;

describe('the console, compressed', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-web-'));
    await fs.mkdir(path.join(webRoot, 'assets'));
    await fs.writeFile(path.join(webRoot, 'index.html'), page);
    await fs.writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), script);
    await fs.writeFile(path.join(webRoot, 'assets', 'app-abc123.css'), style);
    await fs.writeFile(path.join(webRoot, 'assets', 'tiny-abc123.js'), 'export {};');
    await precompressDirectory(webRoot);
    t = await startTestApp({ webRoot });
  });

  afterAll(async () => {
    await t.close();
    await fs.rm(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, accept = '*/*') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        accept,
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('sends brotli to a browser that accepts it, with the script’s type and a year’s caching', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip when gzip is all the client takes, or brotli is refused', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip', 'deflate, gzip;q=0.5']) {
      const res = await get('/assets/app-abc123.css', acceptEncoding);
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^text\/css/);
      expect(gunzipSync(res.rawPayload).toString()).toBe(style);
    }
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'compress']) {
      const res = await get('/assets/app-abc123.js', acceptEncoding);
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      // A shared cache must not hand this copy to a browser that takes brotli.
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.body).toBe(script);
    }
  });

  it('sends a file too small to be worth compressing as it is', async () => {
    const res = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};');
  });

  it('compresses the page of a deep link and of the root, which are never cached', async () => {
    for (const url of ['/', '/login', '/sensor/42']) {
      const res = await get(url, 'gzip, deflate, br', 'text/html');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
    const plain = await get('/login', undefined, 'text/html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });
});

describe('the API, compressed', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    await seedWorld(t.database.db);
    token = await signIn(t.app, 'super@world.test');
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('compresses a large answer with brotli or gzip, as the client accepts, to the same JSON', async () => {
    const plain = await get('/api/entity/users', undefined);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Large enough to be worth it: the whole world's users.
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected: unknown = plain.json();

    const br = await get('/api/entity/users', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);

    const gzip = await get('/api/entity/users', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(expected);
  });

  it('sends a small answer, and an error, as it is', async () => {
    const config = await get('/api/config', 'br, gzip');
    expect(config.statusCode).toBe(200);
    expect(config.rawPayload.length).toBeLessThan(1024);
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(config.json()).toHaveProperty('version');

    const missing = await get('/api/v2/devices/999999', 'br, gzip');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toHaveProperty('message');
  });

  it('does not inflate a compressed request body (no zip bombs): it is refused as unreadable', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/basic',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
