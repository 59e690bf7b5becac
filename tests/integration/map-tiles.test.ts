import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FeatureCollection } from 'geojson';
import { TileType } from 'pmtiles';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeConfig } from '../../contracts/config.ts';
import type { MapTilesConfig } from '../../contracts/map.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { jpegTile, pngTile, writeMbtiles, writePmtiles } from '../helpers/tile-files.ts';

/**
 * Maps never depend on the internet (docs/maps.md): the basemap shipped with
 * Nordlys, and the operator's own tiles from MAP_TILES — a URL template the
 * browser asks, or a PMTiles or MBTiles file this server serves. Both are
 * public (no tenant data) and cached by browsers.
 */
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-tiles-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function mapTilesOf(t: TestApp): Promise<MapTilesConfig | null> {
  const res = await get(t, '/api/config');
  expect(res.statusCode).toBe(200);
  const config = res.json<RuntimeConfig>();
  expect(Value.Check(RuntimeConfig, config)).toBe(true);
  return config.map.tiles;
}

describe('the shipped basemap, with nothing set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const layer = async (name: string) => {
    const res = await get(t, `/api/v2/map/basemap/${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/geo+json');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    return { res, geojson: res.json<FeatureCollection>() };
  };

  it('draws land and countries from Natural Earth, without sign-in', async () => {
    const { geojson: land } = await layer('land');
    expect(land.type).toBe('FeatureCollection');
    expect(land.features.length).toBeGreaterThan(0);
    for (const feature of land.features) {
      expect(['Polygon', 'MultiPolygon']).toContain(feature.geometry.type);
    }
    const { geojson: countries } = await layer('countries');
    expect(countries.type).toBe('FeatureCollection');
    expect(countries.features.length).toBeGreaterThan(200);
    const denmark = countries.features.find((f) => f.properties?.name === 'Denmark');
    expect(denmark?.geometry.type).toBe('MultiPolygon');
    // Copenhagen's island, Zealand, is in it: its coordinates are longitude, latitude.
    const points = JSON.stringify(denmark?.geometry);
    expect(points).toMatch(/\[12\.\d+,55\.\d+\]/);
  });

  it('answers If-None-Match with 304, and sends each coding with its own strong ETag', async () => {
    const { res } = await layer('countries');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(t, '/api/v2/map/basemap/countries', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-length']).toBeUndefined();

    const br = await get(t, '/api/v2/map/basemap/countries', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.etag).not.toBe(etag);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(res.body);
    // Compressed once, well: the layer is a fraction of its JSON.
    expect(br.rawPayload.length).toBeLessThan(res.rawPayload.length / 2);
    const gzip = await get(t, '/api/v2/map/basemap/countries', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(res.body);

    // A browser that kept the brotli copy asks with its tag.
    const revalidated = await get(t, '/api/v2/map/basemap/countries', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    const changed = await get(t, '/api/v2/map/basemap/countries', { 'if-none-match': '"old"' });
    expect(changed.statusCode).toBe(200);
  });

  it('answers an unknown layer 404 in the usual error shape', async () => {
    const res = await get(t, '/api/v2/map/basemap/rivers');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No basemap layer "rivers" (known: land, countries)',
    });
  });

  it('tells the console there are no own tiles, and serves none', async () => {
    expect(await mapTilesOf(t)).toBeNull();
    const res = await get(t, '/api/v2/map/tiles/0/0/0');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toMatch(/MAP_TILES/);
  });
});

describe("the operator's own tiles", () => {
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string>) => {
    const t = await startTestApp({ env });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it('serves a PMTiles file: the right bytes and type, 204 where it has no tile', async () => {
    const file = path.join(dir, 'region.pmtiles');
    await writePmtiles(file, {
      tileType: TileType.Png,
      metadata: { attribution: '© Test Region PMTiles', name: 'region' },
      tiles: [
        { z: 0, x: 0, y: 0, bytes: pngTile('world') },
        { z: 1, x: 1, y: 0, bytes: pngTile('north-east') },
        { z: 2, x: 2, y: 1, bytes: pngTile('z2 2/1') },
        { z: 2, x: 1, y: 3, bytes: pngTile('z2 1/3') },
      ],
    });
    const t = await start({ MAP_TILES: file });

    const tiles = await mapTilesOf(t);
    if (!tiles) throw new Error('no map tiles in /api/config');
    expect(tiles).toEqual({
      url: expect.stringMatching(/^\/api\/v2\/map\/tiles\/\{z\}\/\{x\}\/\{y\}\?v=[\w-]+$/),
      attribution: '© Test Region PMTiles',
      minZoom: 0,
      maxZoom: 2,
      tileSize: 256,
    });
    for (const [url, label] of [
      ['0/0/0', 'world'],
      ['1/1/0', 'north-east'],
      ['2/2/1', 'z2 2/1'],
      ['2/1/3', 'z2 1/3'],
    ] as const) {
      // The URL the console is given, filled in as maplibre does, query and all.
      const res = await get(t, tiles.url.replace('{z}/{x}/{y}', url));
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 200, 'image/png']);
      expect(res.rawPayload).toEqual(Buffer.from(pngTile(label)));
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    }
    const missing = await get(t, '/api/v2/map/tiles/1/0/0');
    expect(missing.statusCode).toBe(204);
    expect(missing.body).toBe('');
    expect(missing.headers['content-type']).toBeUndefined();
    expect(missing.headers['cache-control']).toBe('public, max-age=86400');
    // Beyond the file's deepest zoom, and outside the zoom's grid.
    expect((await get(t, '/api/v2/map/tiles/5/3/3')).statusCode).toBe(204);
    expect((await get(t, '/api/v2/map/tiles/1/2/0')).statusCode).toBe(404);
    expect((await get(t, '/api/v2/map/tiles/25/0/0')).statusCode).toBe(400);
  });

  it('serves an MBTiles file, turning its rows from the south (TMS) to the map’s', async () => {
    const file = path.join(dir, 'region.mbtiles');
    await writeMbtiles(file, {
      metadata: { name: 'region', format: 'jpg', attribution: '© Test MBTiles', tilesize: '512' },
      tiles: [
        { z: 1, x: 0, y: 0, bytes: jpegTile('north-west') },
        { z: 1, x: 0, y: 1, bytes: jpegTile('south-west') },
        { z: 3, x: 4, y: 2, bytes: jpegTile('z3 4/2') },
      ],
    });
    const t = await start({ MAP_TILES: file, MAP_TILES_MIN_ZOOM: '1' });

    expect(await mapTilesOf(t)).toMatchObject({
      attribution: '© Test MBTiles',
      minZoom: 1,
      // No maxzoom in its metadata: the deepest zoom it holds.
      maxZoom: 3,
      tileSize: 512,
    });
    for (const [url, label] of [
      ['1/0/0', 'north-west'],
      ['1/0/1', 'south-west'],
      ['3/4/2', 'z3 4/2'],
    ] as const) {
      const res = await get(t, `/api/v2/map/tiles/${url}`);
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 200, 'image/jpeg']);
      expect(res.rawPayload).toEqual(Buffer.from(jpegTile(label)));
    }
    expect((await get(t, '/api/v2/map/tiles/3/4/5')).statusCode).toBe(204);
  });

  it("takes the operator's attribution and zooms over the file's, and types tiles of a file that names no format by their bytes", async () => {
    const file = path.join(dir, 'unnamed.mbtiles');
    await writeMbtiles(file, {
      metadata: { name: 'unnamed', maxzoom: '12' },
      tiles: [
        { z: 0, x: 0, y: 0, bytes: jpegTile('jpeg') },
        { z: 1, x: 0, y: 0, bytes: pngTile('png') },
      ],
    });
    const t = await start({
      MAP_TILES: file,
      MAP_TILES_ATTRIBUTION: '© Our own survey',
      MAP_TILES_MAX_ZOOM: '10',
    });
    expect(await mapTilesOf(t)).toMatchObject({
      attribution: '© Our own survey',
      minZoom: 0,
      maxZoom: 10,
      tileSize: 256,
    });
    expect((await get(t, '/api/v2/map/tiles/0/0/0')).headers['content-type']).toBe('image/jpeg');
    expect((await get(t, '/api/v2/map/tiles/1/0/0')).headers['content-type']).toBe('image/png');
  });

  it('hands a URL template to the browser as it is, and lets the page reach a plain-http one', async () => {
    const template = 'http://tiles.site.local:8080/osm/{z}/{x}/{y}.png';
    const t = await start({ MAP_TILES: template, MAP_TILES_ATTRIBUTION: '© OpenStreetMap' });
    expect(await mapTilesOf(t)).toEqual({
      url: template,
      attribution: '© OpenStreetMap',
      minZoom: 0,
      maxZoom: 19,
      tileSize: 256,
    });
    const csp = String((await get(t, '/api/config')).headers['content-security-policy']);
    expect(csp).toMatch(/connect-src [^;]*http:\/\/tiles\.site\.local:8080/);
    expect(csp).toMatch(/img-src [^;]*http:\/\/tiles\.site\.local:8080/);
    // The server itself serves no tiles then.
    expect((await get(t, '/api/v2/map/tiles/0/0/0')).statusCode).toBe(404);

    const https = await start({
      MAP_TILES: 'https://tiles.example.com/{z}/{x}/{y}.webp?key=abc',
      MAP_TILES_MAX_ZOOM: '16',
    });
    expect(await mapTilesOf(https)).toEqual({
      url: 'https://tiles.example.com/{z}/{x}/{y}.webp?key=abc',
      attribution: '',
      minZoom: 0,
      maxZoom: 16,
      tileSize: 256,
    });
  });
});

describe('a MAP_TILES the server cannot use', () => {
  /** Starts the real server process; it must stop at once with a message. */
  function startServer(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: path.join(dir, 'data'),
        PORT: '0',
        MQTT_PORT: '0',
        HOST: '127.0.0.1',
        SIMULATE: '0',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise<{ code: number | null; output: string }>((resolve) =>
      child.once('exit', (code) => resolve({ code, output })),
    );
  }

  it('refuses to start on a missing file or a bad URL template, naming MAP_TILES', async () => {
    const missing = await startServer({ MAP_TILES: path.join(dir, 'nowhere.pmtiles') });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('Nordlys cannot start');
    expect(missing.output).toContain(
      `MAP_TILES names a file that does not exist: ${path.join(dir, 'nowhere.pmtiles')}`,
    );

    const template = await startServer({ MAP_TILES: 'https://tiles.example.com/{z}/{x}.png' });
    expect(template.code).toBe(1);
    expect(template.output).toContain('MAP_TILES must hold {z}, {x} and {y} (missing: {y})');
  });

  it('refuses to start on a file that is no tile archive, or holds vector tiles', async () => {
    const junk = path.join(dir, 'junk.pmtiles');
    await fs.writeFile(junk, 'not a tile archive at all');
    const started = await startServer({ MAP_TILES: junk });
    expect(started.code).toBe(1);
    expect(started.output).toContain('Nordlys cannot start');
    expect(started.output).toContain(`MAP_TILES names ${junk}, which Nordlys cannot serve`);

    const vector = path.join(dir, 'vector.mbtiles');
    await writeMbtiles(vector, {
      metadata: { name: 'vector', format: 'pbf' },
      tiles: [{ z: 0, x: 0, y: 0, bytes: Uint8Array.from([0x1a, 0x00]) }],
    });
    const refused = await startServer({ MAP_TILES: vector });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('it holds vector tiles');
  });
});
