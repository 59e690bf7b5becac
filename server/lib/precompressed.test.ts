import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isNotModified, pickCoding, precompress } from './precompressed.ts';

describe('precompressed answers', () => {
  it('picks brotli, then gzip, as Accept-Encoding allows', () => {
    expect(pickCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickCoding('gzip, br;q=0')).toBe('gzip');
    expect(pickCoding('BR;q=0.5, gzip;q=1')).toBe('br');
    expect(pickCoding('deflate')).toBe('identity');
    expect(pickCoding('*')).toBe('br');
    expect(pickCoding('*;q=0, gzip')).toBe('gzip');
    expect(pickCoding(undefined)).toBe('identity');
    expect(pickCoding('')).toBe('identity');
  });

  it('keeps each coding with its own strong ETag, and knows all of them again', async () => {
    const body = Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: [] }));
    const answer = await precompress(body);
    expect(zlib.brotliDecompressSync(answer.bodies.br)).toEqual(body);
    expect(zlib.gunzipSync(answer.bodies.gzip)).toEqual(body);
    expect(answer.bodies.identity).toBe(body);
    const tags = Object.values(answer.etags);
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) {
      expect(tag).toMatch(/^"[\w-]+"$/);
      expect(isNotModified(tag, answer)).toBe(true);
      expect(isNotModified(`"other", W/${tag}`, answer)).toBe(true);
    }
    expect(isNotModified('*', answer)).toBe(true);
    expect(isNotModified('"other"', answer)).toBe(false);
    expect(isNotModified(undefined, answer)).toBe(false);
    const changed = await precompress(Buffer.from('{}'));
    expect(isNotModified(answer.etags.br, changed)).toBe(false);
  });
});
