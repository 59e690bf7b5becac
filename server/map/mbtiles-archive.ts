import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import initSqlJs from 'sql.js';
import {
  rasterContentType,
  textOf,
  tileOf,
  tileSizeOf,
  wholeNumber,
  type TileArchive,
} from './tile-archive.ts';

/** SQLite compiled to WebAssembly, loaded from node_modules: nothing is fetched, nothing is built. */
let sqlite: Promise<initSqlJs.SqlJsStatic> | undefined;
const loadSqlite = () => {
  const wasm = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');
  sqlite ??= initSqlJs({ locateFile: () => wasm });
  return sqlite;
};

/**
 * An MBTiles file (1.3): an SQLite database with `metadata` (name, value) and
 * `tiles` (zoom_level, tile_column, tile_row, tile_data). sql.js cannot read a
 * file in place, so the whole file is loaded into memory at start and kept
 * there (its size in RAM, twice that while it loads); nothing is written
 * back. For large regions PMTiles is the better choice.
 * @throws when the file is no MBTiles database, or holds vector tiles.
 */
export async function openMbtiles(file: string): Promise<TileArchive> {
  const SQL = await loadSqlite();
  const db = new SQL.Database(await fs.readFile(file));
  try {
    const metadata = readMetadata(db);
    const contentType = rasterContentType(textOf(metadata.format));
    const find = db.prepare(
      'SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?',
    );
    return {
      about: {
        attribution: textOf(metadata.attribution),
        maxZoom: wholeNumber(metadata.maxzoom, 0, 30) ?? deepestZoom(db),
        tileSize: tileSizeOf(metadata),
      },
      async tile(z, x, y) {
        // MBTiles numbers rows from the south (TMS); maps ask from the north (XYZ).
        const [data] = find.get([z, x, 2 ** z - 1 - y]);
        find.reset();
        return data instanceof Uint8Array ? tileOf(data, contentType) : null;
      },
      async close() {
        find.free();
        db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

function readMetadata(db: initSqlJs.Database): Record<string, unknown> {
  let rows: initSqlJs.SqlValue[][];
  try {
    rows = db.exec('SELECT name, value FROM metadata')[0]?.values ?? [];
    db.exec('SELECT 1 FROM tiles LIMIT 1');
  } catch (error) {
    throw new Error(`it is no MBTiles database (${(error as Error).message})`);
  }
  return Object.fromEntries(rows.map(([name, value]) => [String(name), value]));
}

function deepestZoom(db: initSqlJs.Database): number | undefined {
  const [row] = db.exec('SELECT MAX(zoom_level) FROM tiles')[0]?.values ?? [];
  return wholeNumber(row?.[0], 0, 30);
}
