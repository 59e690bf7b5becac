/**
 * The limits of server/schemas/list.ts (Metadata) and organisation.ts (metadata):
 * keys of at most 100 characters, 200 entries.
 */
export const METADATA_KEY_MAX = 100;
export const METADATA_MAX = 200;

/**
 * One metadata entry in the editor. A value typed in is text; a value loaded
 * as something else (a number, a list) keeps its type while its text is left
 * as it was shown.
 */
export interface MetadataRow {
  rowId: string;
  key: string;
  text: string;
  original?: { text: string; value: unknown };
}

export type MetadataKeyError = 'required' | 'tooLong' | 'duplicate';

export function metadataRowsOf(
  metadata: Readonly<Record<string, unknown>>,
  newId: () => string,
): MetadataRow[] {
  return Object.entries(metadata).map(([key, value]) => {
    if (typeof value === 'string') return { rowId: newId(), key, text: value };
    const text = JSON.stringify(value) ?? '';
    return { rowId: newId(), key, text, original: { text, value } };
  });
}

/** What is wrong with each row's key (undefined when nothing), and whether there are too many. */
export function checkMetadata(rows: readonly MetadataRow[]): {
  keys: (MetadataKeyError | undefined)[];
  tooMany: boolean;
  valid: boolean;
} {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.key.trim(), (counts.get(row.key.trim()) ?? 0) + 1);
  const keys = rows.map((row): MetadataKeyError | undefined => {
    const key = row.key.trim();
    if (!key) return 'required';
    if (key.length > METADATA_KEY_MAX) return 'tooLong';
    if ((counts.get(key) ?? 0) > 1) return 'duplicate';
    return undefined;
  });
  const tooMany = rows.length > METADATA_MAX;
  return { keys, tooMany, valid: !tooMany && keys.every((k) => k === undefined) };
}

export function metadataOf(rows: readonly MetadataRow[]): Record<string, unknown> {
  return Object.fromEntries(
    rows.map((row) => [
      row.key.trim(),
      row.original && row.original.text === row.text ? row.original.value : row.text,
    ]),
  );
}
