import { describe, expect, it } from 'vitest';
import { formatPhone, phoneUri } from './phone.ts';

describe('phone numbers', () => {
  it('formats Danish numbers internationally and leaves others as typed', () => {
    expect(formatPhone('20123456')).toBe('+45 20 12 34 56');
    expect(formatPhone(' +45 2012 3456 ')).toBe('+45 20 12 34 56');
    expect(formatPhone('call me')).toBe('call me');
    expect(formatPhone('  ')).toBe('');
  });

  it('dials a number by its international digits, and text that is no number not at all', () => {
    expect(phoneUri('+45 89 40 20 00')).toBe('tel:+4589402000');
    expect(phoneUri('89402000')).toBe('tel:+4589402000');
    expect(phoneUri('+46 8 123 456 78')).toBe('tel:+46812345678');
    expect(phoneUri('call me')).toBeNull();
  });
});
