import { describe, expect, it } from 'vitest';
import { moveRow } from './move-row.ts';

describe('moveRow', () => {
  it('moves a row up and down and clamps at the ends', () => {
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
    expect(moveRow([], 0, 1)).toEqual([]);
  });
});
