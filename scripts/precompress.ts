import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Text the browser loads. Source maps are left out (only DevTools reads them,
 * and brotli at its best level takes seconds on the largest); images and fonts
 * are compressed already.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/** Below this, a response's headers weigh more than compression saves. */
export const MIN_BYTES = 512;

export interface Precompressed {
  /** Relative to the directory, with `/`. */
  file: string;
  bytes: number;
  br: number;
  gzip: number;
}

/**
 * Writes `file.br` and `file.gz` beside a compressible file, each only when it
 * is smaller than the file. Brotli at level 10: the console's scripts come
 * within 2 % of level 11 in half the time (9 s against 18 s of CPU here),
 * and 5 % smaller than level 9. Gzip at 9 costs next to nothing more than 6.
 */
export async function precompressFile(file: string): Promise<Omit<Precompressed, 'file'> | null> {
  if (!COMPRESSIBLE.test(file)) return null;
  const content = await fs.readFile(file);
  if (content.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const written = { bytes: content.length, br: content.length, gzip: content.length };
  if (br.length < content.length) {
    await fs.writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gz.length < content.length) {
    await fs.writeFile(`${file}.gz`, gz);
    written.gzip = gz.length;
  }
  return written;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Compresses every compressible file under `dir` (see precompressFile). */
export async function precompressDirectory(dir: string): Promise<Precompressed[]> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  const done: Precompressed[] = [];
  // zlib works in libuv's thread pool: a few files at a time keep every core busy.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const result = await precompressFile(file);
      if (result)
        done.push({ file: path.relative(dir, file).split(path.sep).join('/'), ...result });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return done.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * Vite plugin: after the build has been written (the service worker too),
 * brotli and gzip copies of its text files, which the server sends to
 * browsers that accept them (server/plugins/web.ts).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'nordlys:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After vite-plugin-pwa writes sw.js in its own closeBundle.
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error) return;
        await precompressDirectory(outDir);
      },
    },
  };
}
