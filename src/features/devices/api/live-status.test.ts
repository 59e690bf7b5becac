import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyStatusChange } from './live-status.ts';
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
});
