import { sniffImage } from '../files/image-type.ts';

/** One raster tile: its bytes as stored, and what they are. */
export interface Tile {
  bytes: Uint8Array;
  contentType: string;
}

/** What a tile file says of itself; each part may be missing. */
export interface ArchiveAbout {
  attribution: string | undefined;
  maxZoom: number | undefined;
  tileSize: number | undefined;
}

/** A local file of raster tiles (PMTiles or MBTiles), open while the server runs. */
export interface TileArchive {
  readonly about: ArchiveAbout;
  /** The tile at z/x/y (XYZ numbering, y from the north), or null where the file has none. */
  tile(z: number, x: number, y: number): Promise<Tile | null>;
  close(): Promise<void>;
}

/** The raster formats a map draws, by the names tile files give them. */
const rasterTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * The content type a file's tiles are served with: from the format the file
 * names, or null when it names none (each tile's bytes then tell).
 * @throws on vector tiles or a format no map draws.
 */
export function rasterContentType(format: string | undefined): string | null {
  if (format === undefined || format === '') return null;
  const type = rasterTypes[format.toLowerCase()];
  if (type) return type;
  if (['pbf', 'mvt', 'mlt'].includes(format.toLowerCase())) {
    throw new Error('it holds vector tiles; Nordlys draws raster tiles (PNG, JPEG or WebP)');
  }
  throw new Error(`its tiles are "${format}"; Nordlys draws raster tiles (PNG, JPEG or WebP)`);
}

/** A tile, typed by its file's format, or where the file names none, by its bytes. */
export const tileOf = (bytes: Uint8Array, contentType: string | null): Tile => ({
  bytes,
  contentType:
    contentType ??
    sniffImage(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 12))) ??
    'application/octet-stream',
});

/** A number a file's metadata holds as a number or as text, when it is a whole one in range. */
export function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max
    ? number
    : undefined;
}

/** A tile size a file's metadata names (there is no standard key; these are the ones in use). */
export function tileSizeOf(metadata: Record<string, unknown>): number | undefined {
  const size = wholeNumber(metadata.tileSize ?? metadata.tilesize ?? metadata.tile_size, 64, 1024);
  return size === 256 || size === 512 ? size : undefined;
}

export const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
