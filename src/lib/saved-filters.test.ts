import { describe, expect, it } from 'vitest';
import {
  addSavedFilter,
  readSavedFilters,
  removeSavedFilter,
  writeSavedFilters,
} from './saved-filters.ts';

function memoryStorage(initial: string | null = null) {
  let value = initial;
  return {
    getItem: () => value,
    setItem: (_key: string, next: string) => {
      value = next;
    },
  };
}

describe('saved filters', () => {
  it('gives each new filter its index in the list as id, per list key', () => {
    let all = addSavedFilter({}, 'sensors', { name: 'Red', filters: { status: 'red' } });
    all = addSavedFilter(all, 'sensors', { name: 'Blocked', filters: { communication: 'false' } });
    all = addSavedFilter(all, 'registries', { name: 'MQTT', search: 'mqtt' });
    expect(all.sensors?.map((f) => [f.id, f.name])).toEqual([
      [0, 'Red'],
      [1, 'Blocked'],
    ]);
    expect(all.registries?.[0]).toEqual({ id: 0, name: 'MQTT', search: 'mqtt' });
  });

  it('removes by id and keeps the others', () => {
    let all = addSavedFilter({}, 'users', { name: 'A' });
    all = addSavedFilter(all, 'users', { name: 'B' });
    expect(removeSavedFilter(all, 'users', 0).users?.map((f) => f.name)).toEqual(['B']);
  });

  it('gives a filter added after a removal an id no other filter has', () => {
    let all = addSavedFilter({}, 'sensors', { name: 'A' });
    all = addSavedFilter(all, 'sensors', { name: 'B' });
    all = addSavedFilter(all, 'sensors', { name: 'C' });
    all = removeSavedFilter(all, 'sensors', 0);
    all = addSavedFilter(all, 'sensors', { name: 'D' });
    expect(all.sensors?.map((f) => [f.id, f.name])).toEqual([
      [0, 'B'],
      [1, 'C'],
      [2, 'D'],
    ]);
    // Removing D takes only D.
    expect(removeSavedFilter(all, 'sensors', 2).sensors?.map((f) => f.name)).toEqual(['B', 'C']);
  });

  it('removes only the chosen one of two and renumbers the other', () => {
    let all = addSavedFilter({}, 'registries', { name: 'A' });
    all = addSavedFilter(all, 'registries', { name: 'B' });
    expect(removeSavedFilter(all, 'registries', 1).registries).toEqual([{ id: 0, name: 'A' }]);
    expect(removeSavedFilter(all, 'registries', 0).registries).toEqual([{ id: 0, name: 'B' }]);
    expect(removeSavedFilter(all, 'registries', 5)).toBe(all);
  });

  it('repairs filters stored with the same id, so removing one leaves the other', () => {
    const stored = JSON.stringify({
      sensors: [
        { id: 0, name: 'A' },
        { id: 0, name: 'B' },
        { id: 1, name: 'C' },
      ],
    });
    const all = readSavedFilters(memoryStorage(stored));
    expect(all.sensors?.map((f) => [f.id, f.name])).toEqual([
      [0, 'A'],
      [1, 'B'],
      [2, 'C'],
    ]);
    expect(removeSavedFilter(all, 'sensors', 0).sensors?.map((f) => [f.id, f.name])).toEqual([
      [0, 'B'],
      [1, 'C'],
    ]);
  });

  it('survives a round trip through storage and ignores what it cannot read', () => {
    const storage = memoryStorage();
    writeSavedFilters(storage, addSavedFilter({}, 'functions', { name: 'Decoders' }));
    expect(readSavedFilters(storage).functions?.[0]?.name).toBe('Decoders');
    expect(readSavedFilters(memoryStorage('not json'))).toEqual({});
    expect(readSavedFilters(memoryStorage('{"sensors":[{"bad":1}],"other":[]}'))).toEqual({
      sensors: [],
    });
  });
});
