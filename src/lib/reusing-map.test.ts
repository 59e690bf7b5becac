import { describe, expect, it, vi } from 'vitest';
import { ReusingMaps, reusingMap } from './reusing-map.ts';

interface P {
  time: number;
  value: number;
}
const points = (from: number, to: number): P[] =>
  Array.from({ length: to - from }, (_, i) => ({ time: from + i, value: (from + i) * 2 }));

describe('reusing map', () => {
  it('maps like Array.map, and gives the same array back for the same input', () => {
    const fn = vi.fn((p: P) => ({ t: p.time, v: p.value / 2 }));
    const map = reusingMap(fn);
    const input = points(0, 5);
    const output = map(input);
    expect(output).toEqual(input.map((p) => ({ t: p.time, v: p.value / 2 })));
    expect(map(input)).toBe(output);
    expect(fn).toHaveBeenCalledTimes(5);
  });

  it('maps only the new points of a sliding series and keeps the results of the others', () => {
    const fn = vi.fn((p: P) => ({ t: p.time }));
    const map = reusingMap(fn);
    const all = points(0, 10);
    const first = map(all.slice(0, 6));
    fn.mockClear();
    // Two points dropped at the front, three new at the end.
    const next = map(all.slice(2, 9));
    expect(fn.mock.calls.map(([p]) => p.time)).toEqual([6, 7, 8]);
    expect(next.map((o) => o.t)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(next[0]).toBe(first[2]);
    expect(next[3]).toBe(first[5]);
  });

  it('maps afresh from where the input stops matching (a point replaced or inserted)', () => {
    const fn = vi.fn((p: P) => ({ t: p.time, v: p.value }));
    const map = reusingMap(fn);
    const all = points(0, 5);
    map(all);
    fn.mockClear();
    const replaced = { time: 2, value: 99 };
    const next = map([all[0], all[1], replaced, all[3], all[4]] as P[]);
    expect(next.map((o) => o.v)).toEqual([0, 2, 99, 6, 8]);
    expect(fn).toHaveBeenCalledTimes(3);
    fn.mockClear();
    expect(map(points(100, 103)).map((o) => o.t)).toEqual([100, 101, 102]);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(map([])).toEqual([]);
  });

  it('keeps one map per key, so two mappings of one series do not mix', () => {
    const maps = new ReusingMaps<P, number>();
    const input = points(0, 3);
    expect(maps.map('avg×1', (p) => p.value, input)).toEqual([0, 2, 4]);
    expect(maps.map('avg×10', (p) => p.value * 10, input)).toEqual([0, 20, 40]);
    expect(maps.map('avg×1', (p) => p.value, input)).toEqual([0, 2, 4]);
  });
});
