import fs from 'node:fs/promises';
import { createHash } from 'node:crypto';
import type { MapTilesConfig } from '../../contracts/map.ts';
import { openMbtiles } from './mbtiles-archive.ts';
import { openPmtiles } from './pmtiles-archive.ts';
import type { ArchiveAbout, TileArchive } from './tile-archive.ts';
import { MAP_TILES_URL_MAX_ZOOM, MAP_ZOOM_LIMIT, type MapTilesSetting } from './tiles-setting.ts';

/** Maps' own tiles, ready: what the console is told, and the file Nordlys serves them from. */
export interface MapTiles {
  /** GET /api/config's `map.tiles`; null: the shipped basemap only. */
  config: MapTilesConfig | null;
  archive: TileArchive | null;
}

const DEFAULT_TILE_SIZE = 256;

/**
 * Opens the tile file MAP_TILES names and works out what the console is
 * told: the operator's settings first, then what the file says, then defaults.
 * `tilesUrl` is the API base the console addresses (SERVICE_URLS core).
 * @throws an Error whose message names what is wrong with the file.
 */
export async function openMapTiles(
  setting: MapTilesSetting | null,
  tilesUrl: string,
): Promise<MapTiles> {
  if (!setting) return { config: null, archive: null };
  if (setting.kind === 'url') {
    return {
      config: consoleConfig(setting, setting.url, {
        attribution: undefined,
        maxZoom: MAP_TILES_URL_MAX_ZOOM,
        tileSize: undefined,
      }),
      archive: null,
    };
  }
  const archive =
    setting.kind === 'pmtiles' ? await openPmtiles(setting.path) : await openMbtiles(setting.path);
  const config = consoleConfig(
    setting,
    `${tilesUrl}/v2/map/tiles/{z}/{x}/{y}?v=${await versionOf(setting.path)}`,
    archive.about,
  );
  if (config.minZoom > config.maxZoom) {
    await archive.close();
    throw new Error(
      `its tiles end at zoom ${config.maxZoom}, below MAP_TILES_MIN_ZOOM (${config.minZoom})`,
    );
  }
  return { config, archive };
}

function consoleConfig(setting: MapTilesSetting, url: string, about: ArchiveAbout) {
  return {
    url,
    attribution: setting.attribution ?? about.attribution ?? '',
    minZoom: setting.minZoom,
    maxZoom: Math.min(setting.maxZoom ?? about.maxZoom ?? MAP_TILES_URL_MAX_ZOOM, MAP_ZOOM_LIMIT),
    tileSize: about.tileSize ?? DEFAULT_TILE_SIZE,
  };
}

/**
 * A short mark of the file's identity, in the tile URLs: browsers keep tiles
 * for a day, and a file replaced (and the server restarted) gets new URLs.
 */
async function versionOf(file: string): Promise<string> {
  const stat = await fs.stat(file);
  return createHash('sha256')
    .update(`${stat.size}:${stat.mtimeMs}:${stat.ino}`)
    .digest('base64url')
    .slice(0, 10);
}
