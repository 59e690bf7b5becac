import { describe, expect, it } from 'vitest';
import { STRUCTURE_MAX_KEYS } from '../../../../contracts/device-type.ts';
import { checkStructure, keyRowsOf, structureOf, type KeyRow } from './key-structure.ts';

let next = 0;
const row = (changes: Partial<KeyRow> = {}): KeyRow => ({
  rowId: String(next++),
  key: 'countIn',
  name: 'Count in',
  type: 'integer',
  value: '',
  ...changes,
});

describe('checkStructure', () => {
  it('accepts keys made of letters, digits, _ . and -', () => {
    const check = checkStructure([row({ key: 'a.b_c-1' }), row({ key: 'temperature' })]);
    expect(check.valid).toBe(true);
    expect(check.rows).toEqual([{}, {}]);
  });

  it('requires a key and a name, blanks included', () => {
    const check = checkStructure([row({ key: '  ', name: ' ' })]);
    expect(check.valid).toBe(false);
    expect(check.rows[0]).toEqual({ key: 'required', name: 'required' });
  });

  it('refuses keys outside the server pattern', () => {
    for (const key of ['count in', 'æble', 'a/b', 'x:y']) {
      expect(checkStructure([row({ key })]).rows[0]?.key).toBe('pattern');
    }
  });

  it('marks every repeat of a key, judged after trimming', () => {
    const check = checkStructure([row({ key: 'a' }), row({ key: 'b' }), row({ key: ' a ' })]);
    expect(check.rows.map((r) => r.key)).toEqual(['duplicate', undefined, 'duplicate']);
    expect(check.valid).toBe(false);
  });

  it('bounds the lengths of key, name and value', () => {
    const check = checkStructure([
      row({ key: 'k'.repeat(65), name: 'n'.repeat(101), value: 'v'.repeat(201) }),
      row({ key: 'k'.repeat(64), name: 'n'.repeat(100), value: 'v'.repeat(200) }),
    ]);
    expect(check.rows[0]).toEqual({ key: 'tooLong', name: 'tooLong', value: 'tooLong' });
    expect(check.rows[1]).toEqual({});
  });

  it('refuses more than the server’s 200 keys', () => {
    const rows = Array.from({ length: STRUCTURE_MAX_KEYS + 1 }, (_, i) => row({ key: `k${i}` }));
    const check = checkStructure(rows);
    expect(check.tooMany).toBe(true);
    expect(check.valid).toBe(false);
    expect(checkStructure(rows.slice(1)).valid).toBe(true);
  });
});

describe('structureOf and keyRowsOf', () => {
  it('sends trimmed keys and names and leaves empty values out', () => {
    expect(
      structureOf([
        row({ key: ' temp ', name: ' Temperature ', type: 'value', value: '' }),
        row({ key: 'mode', name: 'Mode', type: 'string', value: 'auto' }),
      ]),
    ).toEqual([
      { key: 'temp', name: 'Temperature', type: 'value' },
      { key: 'mode', name: 'Mode', type: 'string', value: 'auto' },
    ]);
  });

  it('reads a saved structure back: int as integer, an unknown type as value', () => {
    let id = 0;
    const rows = keyRowsOf(
      [
        { key: 'a', name: 'A', type: 'boolean' },
        { key: 'b', name: 'B', type: 'int' as 'integer', value: '1' },
        { key: 'c', name: 'C', type: 'float' as 'integer' },
      ],
      () => `r${id++}`,
    );
    expect(rows).toEqual([
      { rowId: 'r0', key: 'a', name: 'A', type: 'boolean', value: '' },
      { rowId: 'r1', key: 'b', name: 'B', type: 'integer', value: '1' },
      { rowId: 'r2', key: 'c', name: 'C', type: 'value', value: '' },
    ]);
  });
});
