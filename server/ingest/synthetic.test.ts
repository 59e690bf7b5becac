import { describe, expect, it } from 'vitest';
import { addSyntheticPoints, compileExpression } from './synthetic.ts';

const values = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('synthetic keys', () => {
  it('evaluates arithmetic with precedence, brackets, powers and functions', () => {
    expect(compileExpression('a - b * 2')(values({ a: 10, b: 3 }))).toBe(4);
    expect(compileExpression('(a - b) * 2')(values({ a: 10, b: 3 }))).toBe(14);
    expect(compileExpression('-2 ^ 2')(values({}))).toBe(-4);
    expect(compileExpression('max(a, b, 1) + abs(-c)')(values({ a: 1, b: 7, c: 2 }))).toBe(9);
    expect(compileExpression('t * 1.8 + 32')(values({ t: 20 }))).toBeCloseTo(68);
  });

  it('refuses what is not arithmetic', () => {
    for (const bad of ['a +', 'process.exit()', 'a; b', '1 2', 'constructor(1)']) {
      expect(() => compileExpression(bad)).toThrow();
    }
  });

  it('adds a point per instant where the expression gives a number', () => {
    const points = [
      { key: 'in', time: 1, value: 5, textValue: null },
      { key: 'out', time: 1, value: 2, textValue: null },
      { key: 'in', time: 2, value: 4, textValue: null },
    ];
    expect(addSyntheticPoints(points, [{ key: 'net', expression: 'in - out' }])).toEqual([
      ...points,
      { key: 'net', time: 1, value: 3, textValue: null },
    ]);
  });
});
