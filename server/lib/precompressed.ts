import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const contentCodings = ['br', 'gzip', 'identity'] as const;
export type ContentCoding = (typeof contentCodings)[number];

/**
 * A large answer that never changes while the server runs, compressed once
 * (harder than the API's on-the-fly compression can afford) and kept in
 * every coding, each with its own strong ETag.
 */
export interface Precompressed {
  bodies: Record<ContentCoding, Buffer>;
  etags: Record<ContentCoding, string>;
}

export async function precompress(body: Buffer): Promise<Precompressed> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    bodies: { br, gzip: gz, identity: body },
    etags: { br: `"${hash}-br"`, gzip: `"${hash}-gz"`, identity: `"${hash}"` },
  };
}

/** The best coding an Accept-Encoding header allows: brotli, then gzip, else none. */
export function pickCoding(acceptEncoding: string | undefined): ContentCoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((item) => item.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allowed = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip') || allowed('x-gzip')) return 'gzip';
  return 'identity';
}

/** Whether an If-None-Match header names any coding of this answer (weak comparison, as RFC 9110 asks). */
export function isNotModified(ifNoneMatch: string | undefined, answer: Precompressed): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const known = new Set(Object.values(answer.etags));
  return ifNoneMatch.split(',').some((tag) => known.has(tag.trim().replace(/^W\//, '')));
}
