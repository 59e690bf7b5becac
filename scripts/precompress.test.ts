import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDirectory } from './precompress.ts';

describe('precompressDirectory', () => {
  let dir: string;
  const text = 'const value = "the same line, again and again";\n'.repeat(100);

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-precompress-'));
    await fs.mkdir(path.join(dir, 'assets'));
    await fs.writeFile(path.join(dir, 'assets', 'app-abc.js'), text);
    await fs.writeFile(path.join(dir, 'assets', 'app-abc.js.map'), text);
    await fs.writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>text</p>'.repeat(100)}`);
    await fs.writeFile(path.join(dir, 'icon.png'), text);
    await fs.writeFile(path.join(dir, 'small.js'), 'x'.repeat(MIN_BYTES - 1));
  });

  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of text files that decompress to the original', async () => {
    const done = await precompressDirectory(dir);
    expect(done.map((d) => d.file)).toEqual(['assets/app-abc.js', 'index.html']);
    const original = await fs.readFile(path.join(dir, 'assets', 'app-abc.js'));
    const br = await fs.readFile(path.join(dir, 'assets', 'app-abc.js.br'));
    const gz = await fs.readFile(path.join(dir, 'assets', 'app-abc.js.gz'));
    expect(brotliDecompressSync(br)).toEqual(original);
    expect(gunzipSync(gz)).toEqual(original);
    expect(done[0]).toMatchObject({ bytes: original.length, br: br.length, gzip: gz.length });
  });

  it('leaves source maps, images and small files alone', async () => {
    await precompressDirectory(dir);
    const names = (await fs.readdir(dir, { recursive: true })).sort();
    expect(names.filter((n) => /\.(br|gz)$/.test(n))).toEqual([
      'assets/app-abc.js.br',
      'assets/app-abc.js.gz',
      'index.html.br',
      'index.html.gz',
    ]);
  });
});
