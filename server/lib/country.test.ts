import { describe, expect, it } from 'vitest';
import { countryCode } from './country.ts';

describe('countryCode', () => {
  it('takes a code or an English or Danish name, in any case, and gives the code', () => {
    for (const input of ['DK', 'dk', 'Denmark', 'Danmark', ' DANMARK ']) {
      expect(countryCode(input)).toBe('DK');
    }
    expect(countryCode('Sweden')).toBe('SE');
    expect(countryCode('Sverige')).toBe('SE');
    expect(countryCode('Tyskland')).toBe('DE');
    expect(countryCode('Færøerne')).toBe('FO');
  });

  it('knows no made-up country', () => {
    expect(countryCode('x')).toBeNull();
    expect(countryCode('Nordlysland')).toBeNull();
    expect(countryCode('')).toBeNull();
  });
});
