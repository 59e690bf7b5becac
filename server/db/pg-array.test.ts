import { describe, expect, it } from 'vitest';
import { numberArray, textArray } from './pg-array.ts';

describe('array literals', () => {
  it('quotes every text and escapes quotes and backslashes', () => {
    expect(textArray(['a', 'b c', 'say "hi"', 'back\\slash', '', 'NULL', '{x,y}'])).toBe(
      '{"a","b c","say \\"hi\\"","back\\\\slash","","NULL","{x,y}"}',
    );
  });

  it('writes null elements as SQL NULL, unquoted', () => {
    expect(textArray([null, 'x'])).toBe('{NULL,"x"}');
    expect(numberArray([1, null, 2.5])).toBe('{1,NULL,2.5}');
  });

  it('writes numbers as PostgreSQL reads them, the float8 specials included', () => {
    expect(numberArray([0, -3, 1e-300, 1795469541125, NaN, Infinity, -Infinity])).toBe(
      '{0,-3,1e-300,1795469541125,NaN,Infinity,-Infinity}',
    );
  });

  it('gives an empty literal for an empty array', () => {
    expect(textArray([])).toBe('{}');
    expect(numberArray([])).toBe('{}');
  });
});
