import { describe, expect, it } from 'vitest';
import { checkMetadata, metadataOf, metadataRowsOf, type MetadataRow } from './metadata-entries.ts';

const row = (key: string, text = ''): MetadataRow => ({ rowId: key, key, text });

describe('metadata entries', () => {
  it('requires unique keys of at most 100 characters', () => {
    const check = checkMetadata([row('a'), row(' '), row('a '), row('k'.repeat(101)), row('b')]);
    expect(check.keys).toEqual(['duplicate', 'required', 'duplicate', 'tooLong', undefined]);
    expect(check.valid).toBe(false);
    expect(checkMetadata([row('a'), row('b')]).valid).toBe(true);
  });

  it('keeps a loaded value’s type until its text changes', () => {
    let id = 0;
    const rows = metadataRowsOf({ floor: 3, tags: ['a'], note: 'x' }, () => String(id++));
    expect(rows.map((r) => r.text)).toEqual(['3', '["a"]', 'x']);
    expect(metadataOf(rows)).toEqual({ floor: 3, tags: ['a'], note: 'x' });
    const edited = rows.map((r) => (r.key === 'floor' ? { ...r, text: '4' } : r));
    expect(metadataOf(edited)).toEqual({ floor: '4', tags: ['a'], note: 'x' });
  });
});
