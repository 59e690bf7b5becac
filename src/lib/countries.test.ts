import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from './countries.ts';

describe('countries', () => {
  it('names a country code in the reader’s language only', () => {
    expect(countryName('DK', 'da')).toBe('Danmark');
    expect(countryName('DK', 'en')).toBe('Denmark');
    expect(countryName('DE', 'da')).toBe('Tyskland');
  });

  it('shows text that is no country code as it is', () => {
    expect(countryName('Atlantis', 'da')).toBe('Atlantis');
    expect(countryName('QQ', 'en')).toBe('QQ');
  });

  it('offers every country once, named and ordered in the language', () => {
    const danish = countryOptions('da');
    expect(danish.filter((option) => option.value === 'DK')).toEqual([
      { value: 'DK', label: 'Danmark' },
    ]);
    expect(new Set(danish.map((option) => option.value)).size).toBe(danish.length);
    const labels = danish.map((option) => option.label);
    // Danish order: Å comes last, after Z and Æ, Ø.
    expect(labels.indexOf('Østrig')).toBeGreaterThan(labels.indexOf('Zambia'));
    expect(countryOptions('en').find((option) => option.value === 'DK')?.label).toBe('Denmark');
  });
});
