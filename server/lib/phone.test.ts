import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone.ts';

describe('formatPhone', () => {
  it('formats Danish numbers as international numbers', () => {
    expect(formatPhone('20123456')).toBe('+45 20 12 34 56');
    expect(formatPhone('+4533123456')).toBe('+45 33 12 34 56');
    expect(formatPhone('0045 20 12 34 56')).toBe('+45 20 12 34 56');
  });

  it('keeps foreign numbers international', () => {
    expect(formatPhone('+46 8 123 456 78')).toBe('+46 8 123 456 78');
  });

  it('leaves what it cannot parse unchanged, and empties as null', () => {
    expect(formatPhone('call reception')).toBe('call reception');
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone('  ')).toBeNull();
    expect(formatPhone(undefined)).toBeNull();
  });
});
