import { keyTypes, type KeyType, type StructureKey } from '../api/queries.ts';

/** The limits of server/schemas/device-type.ts (StructureKeyInput) and list.ts (KeyName). */
export const KEY_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const KEY_MAX = 64;
export const KEY_NAME_MAX = 100;
export const KEY_VALUE_MAX = 200;
export const STRUCTURE_MAX = 200;

/** A row of the key structure editor; `rowId` keeps a row's identity while rows move. */
export interface KeyRow {
  rowId: string;
  key: string;
  name: string;
  type: KeyType;
  value: string;
}

export type KeyError = 'required' | 'pattern' | 'tooLong' | 'duplicate';
export type NameError = 'required' | 'tooLong';
export interface KeyRowErrors {
  key?: KeyError;
  name?: NameError;
  value?: 'tooLong';
}

export interface StructureCheck {
  rows: KeyRowErrors[];
  tooMany: boolean;
  valid: boolean;
}

const isKeyType = (value: string): value is KeyType =>
  (keyTypes as readonly string[]).includes(value);

/** A stored type as the editor offers it: `int` is integer, anything unknown value. */
const editorType = (type: string): KeyType =>
  type === 'int' ? 'integer' : isKeyType(type) ? type : 'value';

/** The rows of a saved structure; an unknown stored type shows as value. */
export function keyRowsOf(structure: readonly StructureKey[], newId: () => string): KeyRow[] {
  return structure.map((entry) => ({
    rowId: newId(),
    key: entry.key,
    name: entry.name,
    type: editorType(entry.type),
    value: entry.value ?? '',
  }));
}

/**
 * What is wrong with each row, as the server would judge it: a key is required,
 * at most 64 letters, digits, `_`, `.` or `-`, and unique (every repeat is
 * marked, not only the second); a name is required and at most 100 characters;
 * a value at most 200.
 */
export function checkStructure(rows: readonly KeyRow[]): StructureCheck {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = row.key.trim();
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const errors = rows.map((row): KeyRowErrors => {
    const key = row.key.trim();
    const name = row.name.trim();
    const out: KeyRowErrors = {};
    if (!key) out.key = 'required';
    else if (key.length > KEY_MAX) out.key = 'tooLong';
    else if (!KEY_PATTERN.test(key)) out.key = 'pattern';
    else if ((counts.get(key) ?? 0) > 1) out.key = 'duplicate';
    if (!name) out.name = 'required';
    else if (name.length > KEY_NAME_MAX) out.name = 'tooLong';
    if (row.value.length > KEY_VALUE_MAX) out.value = 'tooLong';
    return out;
  });
  const tooMany = rows.length > STRUCTURE_MAX;
  return {
    rows: errors,
    tooMany,
    valid: !tooMany && errors.every((e) => !e.key && !e.name && !e.value),
  };
}

/** The structure to send: trimmed keys and names, no empty values. */
export function structureOf(rows: readonly KeyRow[]): StructureKey[] {
  return rows.map((row) => ({
    key: row.key.trim(),
    name: row.name.trim(),
    type: row.type,
    ...(row.value.trim() ? { value: row.value } : {}),
  }));
}
