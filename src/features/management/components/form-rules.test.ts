import { describe, expect, it } from 'vitest';
import { isWebUrl } from './form-rules.ts';

describe('management form rules', () => {
  it('accepts only http(s) websites with a host name', () => {
    expect(isWebUrl('https://nordlys.example')).toBe(true);
    expect(isWebUrl('http://localhost')).toBe(false);
    expect(isWebUrl('ftp://nordlys.example')).toBe(false);
    expect(isWebUrl('nordlys.example')).toBe(false);
  });
});
