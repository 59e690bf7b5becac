import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-tiles-setting-'));
const file = (name: string) => {
  const at = path.join(dir, name);
  fs.writeFileSync(at, '');
  return at;
};
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('MAP_TILES and its companions', () => {
  it('leaves maps on the shipped basemap when unset or empty', () => {
    expect(loadConfig({}).mapTiles).toBeNull();
    expect(loadConfig({ MAP_TILES: '  ' }).mapTiles).toBeNull();
  });

  it('reads a URL template with the operator’s attribution and zooms', () => {
    expect(
      loadConfig({
        MAP_TILES: 'https://tiles.example.com/{z}/{x}/{y}.png',
        MAP_TILES_ATTRIBUTION: '© OpenStreetMap contributors',
        MAP_TILES_MIN_ZOOM: '2',
        MAP_TILES_MAX_ZOOM: '17',
      }).mapTiles,
    ).toEqual({
      kind: 'url',
      url: 'https://tiles.example.com/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      minZoom: 2,
      maxZoom: 17,
    });
  });

  it('reads a local PMTiles or MBTiles file by its full path, leaving the rest to the file', () => {
    const pmtiles = file('region.PMTiles');
    expect(loadConfig({ MAP_TILES: pmtiles }).mapTiles).toEqual({
      kind: 'pmtiles',
      path: pmtiles,
      attribution: undefined,
      minZoom: 0,
      maxZoom: undefined,
    });
    const mbtiles = file('region.mbtiles');
    const relative = path.relative(process.cwd(), mbtiles);
    expect(loadConfig({ MAP_TILES: relative }).mapTiles).toMatchObject({
      kind: 'mbtiles',
      path: mbtiles,
    });
  });

  it('names every problem at once', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    };
    expect(problems({ MAP_TILES: 'ftp://tiles/{z}/{x}/{y}' })).toMatch(
      /MAP_TILES must be an http\(s\) URL template .* \(ftp: is neither\)/,
    );
    expect(problems({ MAP_TILES: 'https://tiles.example.com/{x}/{y}.png' })).toMatch(
      /MAP_TILES must hold \{z\}, \{x\} and \{y\} \(missing: \{z\}\)/,
    );
    expect(problems({ MAP_TILES: 'https://[bad/{z}/{x}/{y}' })).toMatch(
      /MAP_TILES is not a valid URL template/,
    );
    expect(problems({ MAP_TILES: file('tiles.zip') })).toMatch(
      /or the path of a \.pmtiles or \.mbtiles file \(got ".*tiles\.zip"\)/,
    );
    expect(problems({ MAP_TILES: path.join(dir, 'gone.pmtiles') })).toContain(
      `MAP_TILES names a file that does not exist: ${path.join(dir, 'gone.pmtiles')}`,
    );
    fs.mkdirSync(path.join(dir, 'folder.mbtiles'));
    expect(problems({ MAP_TILES: path.join(dir, 'folder.mbtiles') })).toMatch(
      /folder\.mbtiles, which is not a file/,
    );
    const all = problems({
      MAP_TILES: 'https://tiles.example.com/{z}/{x}/{y}',
      MAP_TILES_MIN_ZOOM: '12',
      MAP_TILES_MAX_ZOOM: '10',
    });
    expect(all).toMatch(/MAP_TILES_MIN_ZOOM must not be above MAP_TILES_MAX_ZOOM/);
    const both = problems({ MAP_TILES_MIN_ZOOM: '-1', MAP_TILES_MAX_ZOOM: '25' });
    expect(both).toMatch(/MAP_TILES_MIN_ZOOM must be a whole number from 0 to 24 \(got "-1"\)/);
    expect(both).toMatch(/MAP_TILES_MAX_ZOOM must be a whole number from 0 to 24 \(got "25"\)/);
  });
});
