import {
  STRUCTURE_MAX_KEYS,
  StructureKeyInput,
  type DeviceType,
} from '../../../../contracts/device-type.ts';
import { keyTypes, type StoredKeyType } from '../../../../contracts/list.ts';
import { fieldErrors } from '../../../ui/form/contract-resolver.ts';

/** One key of a saved structure, as the API reads it. */
export type StructureKey = DeviceType['structure'][number];

/** A row of the key structure editor; `rowId` keeps a row's identity while rows move. */
export interface KeyRow {
  rowId: string;
  key: string;
  name: string;
  type: StoredKeyType;
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

const isKeyType = (value: string): value is StoredKeyType =>
  (keyTypes as readonly string[]).includes(value);

/** A stored type as the editor offers it: `int` is integer, anything unknown value. */
const editorType = (type: string): StoredKeyType =>
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

/** A row as the server takes it: trimmed key and name, no empty value. */
const keyOf = (row: KeyRow): StructureKeyInput => ({
  key: row.key.trim(),
  name: row.name.trim(),
  type: row.type,
  ...(row.value.trim() ? { value: row.value } : {}),
});

/** What the contract says of a text: missing, too long, or not of the form it asks. */
function textError(keyword: string | undefined): 'required' | 'tooLong' | 'pattern' | undefined {
  if (keyword === undefined) return undefined;
  if (keyword === 'maxLength') return 'tooLong';
  if (keyword === 'minLength' || keyword === 'required') return 'required';
  return 'pattern';
}

/**
 * What is wrong with each row, as the server judges it (contracts/device-type.ts):
 * a key is required, of letters, digits, `_`, `.` or `-` and bounded in length;
 * a name is required and bounded, and so is a value. Keys are unique: every
 * repeat is marked, not only the second.
 */
export function checkStructure(rows: readonly KeyRow[]): StructureCheck {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = row.key.trim();
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const errors = rows.map((row): KeyRowErrors => {
    const sent = keyOf(row);
    const found = fieldErrors(StructureKeyInput, sent);
    const out: KeyRowErrors = {};
    const key = textError(found.get('key')?.keyword);
    if (key) out.key = key;
    else if ((counts.get(sent.key) ?? 0) > 1) out.key = 'duplicate';
    const name = textError(found.get('name')?.keyword);
    if (name) out.name = name === 'tooLong' ? 'tooLong' : 'required';
    if (found.has('value')) out.value = 'tooLong';
    return out;
  });
  const tooMany = rows.length > STRUCTURE_MAX_KEYS;
  return {
    rows: errors,
    tooMany,
    valid: !tooMany && errors.every((e) => !e.key && !e.name && !e.value),
  };
}

/** The structure to send: trimmed keys and names, no empty values. */
export function structureOf(rows: readonly KeyRow[]): StructureKeyInput[] {
  return rows.map(keyOf);
}
