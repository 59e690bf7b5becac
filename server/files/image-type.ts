import type { PictureType } from '../../contracts/device-picture.ts';

// A simple class, no groups: a grouped pattern overflows the stack on megabytes of text.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
export const isBase64 = (text: string) => text.length % 4 === 0 && BASE64.test(text);

/** The image type the bytes really are, from their first bytes; undefined for anything else. */
export function sniffImage(bytes: Buffer): PictureType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}
