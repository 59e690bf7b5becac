import { describe, expect, it } from 'vitest';
import { formatPhone, isWebUrl } from './form-rules.ts';

describe('management form rules', () => {
  it('formats Danish numbers internationally and leaves others as typed', () => {
    expect(formatPhone('20123456')).toBe('+45 20 12 34 56');
    expect(formatPhone(' +45 2012 3456 ')).toBe('+45 20 12 34 56');
    expect(formatPhone('call me')).toBe('call me');
    expect(formatPhone('  ')).toBe('');
  });

  it('accepts only http(s) websites with a host name', () => {
    expect(isWebUrl('https://nordlys.example')).toBe(true);
    expect(isWebUrl('http://localhost')).toBe(false);
    expect(isWebUrl('ftp://nordlys.example')).toBe(false);
    expect(isWebUrl('nordlys.example')).toBe(false);
  });
});
