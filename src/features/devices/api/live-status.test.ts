import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyStatusChange, refreshStatusesReadBefore } from './live-status.ts';
import { deviceKeys, type Device } from './queries.ts';

const device = (id: number, status: Device['status']) =>
  ({ id, name: `d${id}`, status, lastDataAt: null, lastConnectionAt: null }) as unknown as Device;

describe('live status in the cache', () => {
  it('changes the device in every cached list page and its detail, and nothing else', () => {
    const client = new QueryClient();
    const state = { page: 1, pageSize: 10, view: 'list' as const };
    client.setQueryData(deviceKeys.list(state), {
      items: [device(1, 'green'), device(2, 'green')],
      total: 2,
      page: 1,
      pageSize: 10,
    });
    const other = { items: [device(3, 'green')], total: 1, page: 2, pageSize: 10 };
    client.setQueryData(deviceKeys.list({ ...state, page: 2 }), other);
    client.setQueryData(deviceKeys.detail(2), device(2, 'green'));

    applyStatusChange(client, {
      deviceId: 2,
      status: 'red',
      lastDataAt: null,
      lastConnectionAt: Date.parse('2026-11-22T08:00:00Z'),
    });

    const page = client.getQueryData<{ items: Device[] }>(deviceKeys.list(state));
    expect(page?.items.map((d) => d.status)).toEqual(['green', 'red']);
    expect(client.getQueryData<Device>(deviceKeys.detail(2))?.lastConnectionAt).toBe(
      '2026-11-22T08:00:00.000Z',
    );
    expect(client.getQueryData(deviceKeys.list({ ...state, page: 2 }))).toBe(other);
  });

  it('reads again the lists and details read before the feed followed, and nothing else', async () => {
    const client = new QueryClient();
    const state = { page: 1, pageSize: 10, view: 'list' as const };
    const page = { items: [device(1, 'none')], total: 1, page: 1, pageSize: 10 };
    const followedAt = Date.parse('2026-11-23T10:00:00Z');
    const before = { updatedAt: followedAt - 5_000 };
    const after = { updatedAt: followedAt + 5_000 };
    client.setQueryData(deviceKeys.list(state), page, before);
    client.setQueryData(deviceKeys.list({ ...state, page: 2 }), page, after);
    client.setQueryData(deviceKeys.detail(1), device(1, 'none'), before);
    client.setQueryData(deviceKeys.detail(2), device(2, 'none'), after);
    client.setQueryData(deviceKeys.pictures(1), [], before);
    client.setQueryData(deviceKeys.options('registries'), [], before);

    await refreshStatusesReadBefore(client, followedAt);

    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(deviceKeys.list(state))).toBe(true);
    expect(invalidated(deviceKeys.detail(1))).toBe(true);
    expect(invalidated(deviceKeys.list({ ...state, page: 2 }))).toBe(false);
    expect(invalidated(deviceKeys.detail(2))).toBe(false);
    expect(invalidated(deviceKeys.pictures(1))).toBe(false);
    expect(invalidated(deviceKeys.options('registries'))).toBe(false);
  });
});
