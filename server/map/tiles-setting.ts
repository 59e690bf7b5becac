import fs from 'node:fs';
import path from 'node:path';

/** Where maps' own tiles come from (MAP_TILES): a URL template the browser asks, or a file Nordlys serves. */
export type MapTilesOrigin =
  { kind: 'url'; url: string } | { kind: 'pmtiles' | 'mbtiles'; path: string };

/** The operator's own tiles as configured; what the file itself says fills the gaps at start. */
export type MapTilesSetting = MapTilesOrigin & {
  /** MAP_TILES_ATTRIBUTION; undefined: the file's own, else none. */
  attribution: string | undefined;
  minZoom: number;
  /** MAP_TILES_MAX_ZOOM; undefined: the file's own, else MAP_TILES_URL_MAX_ZOOM. */
  maxZoom: number | undefined;
};

/** The deepest zoom a map asks for (the limit of MapTilesConfig). */
export const MAP_ZOOM_LIMIT = 24;
/** A tile service's deepest zoom when MAP_TILES_MAX_ZOOM does not say (most stop at 19). */
export const MAP_TILES_URL_MAX_ZOOM = 19;

const SHAPE =
  'MAP_TILES must be an http(s) URL template with {z}, {x} and {y}, or the path of a .pmtiles or .mbtiles file';

/**
 * MAP_TILES: unset for the shipped basemap only, a URL template, or a local
 * tile file that must exist and be readable now (a file that is no tile
 * archive at all is found out when it is opened, still before the server listens).
 */
export function readMapTilesOrigin(
  raw: string | undefined,
  problems: string[],
): MapTilesOrigin | null {
  if (raw === undefined) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) && !/^[a-z]:[\\/]/i.test(raw)) {
    return readTemplate(raw, problems);
  }
  return readTileFile(raw, problems);
}

function readTemplate(raw: string, problems: string[]): MapTilesOrigin | null {
  if (!/^https?:\/\//i.test(raw)) {
    problems.push(`${SHAPE} (${raw.split(':')[0]}: is neither)`);
    return null;
  }
  const missing = ['{z}', '{x}', '{y}'].filter((placeholder) => !raw.includes(placeholder));
  if (missing.length > 0) {
    problems.push(`MAP_TILES must hold {z}, {x} and {y} (missing: ${missing.join(', ')})`);
    return null;
  }
  try {
    new URL(raw.replace(/\{[a-z-]+\}/g, '0'));
  } catch {
    problems.push('MAP_TILES is not a valid URL template');
    return null;
  }
  return { kind: 'url', url: raw };
}

function readTileFile(raw: string, problems: string[]): MapTilesOrigin | null {
  const file = path.resolve(raw);
  const extension = path.extname(file).toLowerCase();
  if (extension !== '.pmtiles' && extension !== '.mbtiles') {
    problems.push(`${SHAPE} (got "${raw}")`);
    return null;
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    problems.push(`MAP_TILES names a file that does not exist: ${file}`);
    return null;
  }
  if (!stat.isFile()) {
    problems.push(`MAP_TILES names ${file}, which is not a file`);
    return null;
  }
  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch {
    problems.push(`MAP_TILES names ${file}, which Nordlys may not read`);
    return null;
  }
  return { kind: extension === '.pmtiles' ? 'pmtiles' : 'mbtiles', path: file };
}
