import { describe, expect, it } from 'vitest';
import { parseMessageSubscription, parseSubscription, pointRooms, rooms } from './subscriptions.ts';

describe('live subscription payloads', () => {
  it('accepts device ids, keys and org, dropping repeats', () => {
    expect(parseSubscription({ deviceIds: [3, 3, 4], keys: ['t', 't'], org: true }, true)).toEqual({
      deviceIds: [3, 4],
      keys: ['t'],
      org: true,
    });
    expect(parseSubscription({ org: true }, true)).toEqual({
      deviceIds: [],
      keys: null,
      org: true,
    });
    expect(parseSubscription({ deviceIds: [1], keys: [] }, true)).toMatchObject({ keys: null });
  });

  it('says what is wrong with a bad payload', () => {
    expect(parseSubscription(null, true)).toMatch(/object/);
    expect(parseSubscription({ deviceIds: '1' }, true)).toMatch(/deviceIds/);
    expect(parseSubscription({ deviceIds: [1.5] }, true)).toMatch(/deviceIds/);
    expect(parseSubscription({ deviceIds: [0] }, true)).toMatch(/deviceIds/);
    expect(
      parseSubscription({ deviceIds: Array.from({ length: 501 }, (_, i) => i + 1) }, true),
    ).toMatch(/500/);
    expect(parseSubscription({ keys: ['a b'] }, true)).toMatch(/keys must be data keys/);
    expect(parseSubscription({ keys: ['k'.repeat(65)] }, true)).toMatch(/keys must be data keys/);
    expect(
      parseSubscription({ keys: Array.from({ length: 51 }, (_, i) => `k${i}`) }, true),
    ).toMatch(/at most 50/);
    expect(parseSubscription({ deviceIds: [1], extra: 1 }, true)).toBe('Unknown field: extra');
    expect(parseSubscription({ org: 'yes' }, true)).toMatch(/org/);
    expect(parseSubscription({ deviceIds: [1], keys: ['a'] }, false)).toMatch(
      /Unknown field: keys/,
    );
  });

  it('names one room per key, or the all-keys room', () => {
    expect(pointRooms(7, null)).toEqual(['d:7:*']);
    expect(pointRooms(7, ['a', 'b'])).toEqual(['d:7:k:a', 'd:7:k:b']);
  });

  it('takes only device ids for the message log, in a room of its own', () => {
    expect(parseMessageSubscription({ deviceIds: [5, 5, 6] })).toEqual({ deviceIds: [5, 6] });
    expect(parseMessageSubscription({ deviceIds: [5], keys: ['a'] })).toBe('Unknown field: keys');
    expect(parseMessageSubscription({ deviceIds: [-1] })).toMatch(/deviceIds/);
    expect(parseMessageSubscription([])).toMatch(/object/);
    // Data keys are letters, digits, _ . - only: no key room can be named like it.
    expect(rooms.messages(7)).toBe('d:7:m');
    expect(pointRooms(7, ['m'])).not.toContain(rooms.messages(7));
  });
});
