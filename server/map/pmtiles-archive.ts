import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  Compression,
  PMTiles,
  TileType,
  type DecompressFunc,
  type RangeResponse,
  type Source,
} from 'pmtiles';
import {
  isRecord,
  rasterContentType,
  textOf,
  tileOf,
  tileSizeOf,
  type TileArchive,
} from './tile-archive.ts';

const gunzip = promisify(zlib.gunzip);
const brotli = promisify(zlib.brotliDecompress);

/** Byte ranges of a local archive, read as the pmtiles library asks for them. */
class FileSource implements Source {
  constructor(
    private readonly handle: fs.FileHandle,
    private readonly file: string,
  ) {}

  getKey(): string {
    return this.file;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const bytes = new Uint8Array(length);
    // The header read asks for 16 KiB whatever the file's size: a short read is fine.
    const { bytesRead } = await this.handle.read(bytes, 0, length, offset);
    return { data: bytesRead === length ? bytes.buffer : bytes.buffer.slice(0, bytesRead) };
  }
}

const asArrayBuffer = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** Node's zlib rather than the library's browser default, which knows gzip only. */
const decompress: DecompressFunc = async (data, compression) => {
  switch (compression) {
    case Compression.None:
    case Compression.Unknown:
      return data;
    case Compression.Gzip:
      return asArrayBuffer(await gunzip(data));
    case Compression.Brotli:
      return asArrayBuffer(await brotli(data));
    default:
      throw new Error('it is compressed with Zstandard, which Nordlys cannot read');
  }
};

const tileTypeNames: Partial<Record<TileType, string>> = {
  [TileType.Mvt]: 'mvt',
  [TileType.Mlt]: 'mlt',
  [TileType.Png]: 'png',
  [TileType.Jpeg]: 'jpeg',
  [TileType.Webp]: 'webp',
  [TileType.Avif]: 'avif',
};

/**
 * A PMTiles archive (v3), read by byte ranges: only its header, the
 * directories the pmtiles library caches and the tiles asked for are ever
 * read, so a planet-sized file costs no memory.
 * @throws when the file is no PMTiles archive, or holds vector tiles.
 */
export async function openPmtiles(file: string): Promise<TileArchive> {
  const handle = await fs.open(file, 'r');
  try {
    const archive = new PMTiles(new FileSource(handle, file), undefined, decompress);
    const header = await archive.getHeader().catch((error: unknown) => {
      throw new Error(`it is no PMTiles archive (${(error as Error).message})`);
    });
    const contentType = rasterContentType(tileTypeNames[header.tileType]);
    const metadata: unknown = header.jsonMetadataLength > 0 ? await archive.getMetadata() : {};
    const about = isRecord(metadata) ? metadata : {};
    return {
      about: {
        attribution: textOf(about.attribution),
        maxZoom: header.maxZoom,
        tileSize: tileSizeOf(about),
      },
      async tile(z, x, y) {
        if (z < header.minZoom || z > header.maxZoom) return null;
        const found = await archive.getZxy(z, x, y);
        return found ? tileOf(new Uint8Array(found.data), contentType) : null;
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
