import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { Compression, zxyToTileId, type TileType } from 'pmtiles';
import initSqlJs from 'sql.js';

/** A tile to put in a test file, in XYZ numbering (y from the north). */
export interface TestTile {
  z: number;
  x: number;
  y: number;
  bytes: Uint8Array;
}

/** Bytes that start as a PNG does and say which tile they are, so a test can tell tiles apart. */
export const pngTile = (label: string) =>
  Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.from(label)]);
export const jpegTile = (label: string) =>
  Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from(label)]);

const HEADER_BYTES = 127;

function varint(value: number, out: number[]) {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/**
 * A minimal PMTiles v3 archive (the pmtiles package only reads): the header,
 * one root directory and the JSON metadata, both gzipped as tools write them,
 * then the tiles in tile-id order, as the spec lays it out.
 */
export async function writePmtiles(
  file: string,
  options: { tiles: TestTile[]; tileType: TileType; metadata?: Record<string, unknown> },
) {
  const tiles = options.tiles
    .map((tile) => ({ ...tile, id: zxyToTileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.id - b.id);
  const entries: number[] = [];
  varint(tiles.length, entries);
  tiles.forEach((tile, i) => varint(tile.id - (tiles[i - 1]?.id ?? 0), entries));
  for (const _tile of tiles) varint(1, entries); // run lengths
  for (const tile of tiles) varint(tile.bytes.length, entries);
  // Offsets: 0 means "right after the previous tile", so only the first is written (as offset + 1).
  tiles.forEach((_tile, i) => varint(i === 0 ? 1 : 0, entries));
  const directory = zlib.gzipSync(Buffer.from(entries));
  const metadata = zlib.gzipSync(JSON.stringify(options.metadata ?? {}));
  const data = Buffer.concat(tiles.map((tile) => tile.bytes));
  const zooms = tiles.map((tile) => tile.z);

  const header = new DataView(new ArrayBuffer(HEADER_BYTES));
  new Uint8Array(header.buffer).set(Buffer.from('PMTiles'), 0);
  header.setUint8(7, 3);
  const u64 = (offset: number, value: number) => header.setBigUint64(offset, BigInt(value), true);
  const metadataAt = HEADER_BYTES + directory.length;
  const dataAt = metadataAt + metadata.length;
  u64(8, HEADER_BYTES);
  u64(16, directory.length);
  u64(24, metadataAt);
  u64(32, metadata.length);
  u64(40, dataAt);
  u64(48, 0);
  u64(56, dataAt);
  u64(64, data.length);
  for (const offset of [72, 80, 88]) u64(offset, tiles.length);
  header.setUint8(96, 1); // clustered
  header.setUint8(97, Compression.Gzip);
  header.setUint8(98, Compression.None);
  header.setUint8(99, options.tileType);
  header.setUint8(100, Math.min(...zooms));
  header.setUint8(101, Math.max(...zooms));
  header.setInt32(102, -180 * 1e7, true);
  header.setInt32(106, -85 * 1e7, true);
  header.setInt32(110, 180 * 1e7, true);
  header.setInt32(114, 85 * 1e7, true);
  await fs.writeFile(file, Buffer.concat([Buffer.from(header.buffer), directory, metadata, data]));
}

/** An MBTiles 1.3 file: `metadata` and `tiles`, rows numbered from the south (TMS) as the spec says. */
export async function writeMbtiles(
  file: string,
  options: { tiles: TestTile[]; metadata: Record<string, string> },
) {
  const wasm = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');
  const SQL = await initSqlJs({ locateFile: () => wasm });
  const db = new SQL.Database();
  db.run('CREATE TABLE metadata (name TEXT, value TEXT)');
  db.run(
    'CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)',
  );
  db.run('CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row)');
  for (const [name, value] of Object.entries(options.metadata)) {
    db.run('INSERT INTO metadata VALUES (?, ?)', [name, value]);
  }
  for (const { z, x, y, bytes } of options.tiles) {
    db.run('INSERT INTO tiles VALUES (?, ?, ?, ?)', [z, x, 2 ** z - 1 - y, bytes]);
  }
  await fs.writeFile(file, db.export());
  db.close();
}
