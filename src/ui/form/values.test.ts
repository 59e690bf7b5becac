import { describe, expect, it } from 'vitest';
import { numberOrNull, numberText } from './values.ts';

describe('a number shown for editing', () => {
  it('has no noise of binary fractions', () => {
    expect(numberText(56.1535 + 0.00012)).toBe('56.15362');
    expect(numberText(0.1 + 0.2)).toBe('0.3');
    expect(numberText(-(10.214 - 0.0002))).toBe('-10.2138');
  });

  it('keeps what it is given otherwise', () => {
    expect(numberText(null)).toBe('');
    expect(numberText(undefined)).toBe('');
    expect(numberText(0)).toBe('0');
    expect(numberText(123456789012345)).toBe('123456789012345');
    expect(numberText(1e-7)).toBe('1e-7');
    expect(numberOrNull(numberText(56.15362))).toBe(56.15362);
  });

  it('is written with a decimal comma in Danish, and read back', () => {
    expect(numberText(56.1535 + 0.00012, 'da')).toBe('56,15362');
    expect(numberText(-10.5, 'da')).toBe('-10,5');
    expect(numberText(12, 'da')).toBe('12');
    expect(numberOrNull(numberText(56.15362, 'da'))).toBe(56.15362);
  });
});
