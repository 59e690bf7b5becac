import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Device } from '../../../contracts/device.ts';
import type { PageOf } from '../../../contracts/list.ts';
import { deviceKeys } from './keys.ts';
import type { MapDevice, MapDeviceList } from '../../../contracts/map.ts';
import { applyStatusChange, heardStatuses, refreshStatusesReadBefore } from './live-status.ts';

const device = (id: number, status: Device['status']) =>
  ({ id, name: `d${id}`, status, lastDataAt: null, lastConnectionAt: null }) as unknown as Device;

const pageOf = (...items: Device[]): PageOf<Device> => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 10,
});

const statuses = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryData<PageOf<Device>>(key)?.items.map((d) => d.status);

describe('live status in the cache', () => {
  it('changes the device in every cached list page and its detail, and nothing else', () => {
    const client = new QueryClient();
    const query = { page: 1, pageSize: 10 };
    client.setQueryData(deviceKeys.list(query), pageOf(device(1, 'green'), device(2, 'green')));
    const other = pageOf(device(3, 'green'));
    client.setQueryData(deviceKeys.list({ ...query, page: 2 }), other);
    client.setQueryData(deviceKeys.detail(2), device(2, 'green'));

    applyStatusChange(client, {
      deviceId: 2,
      status: 'red',
      lastDataAt: null,
      lastConnectionAt: Date.parse('2026-11-22T08:00:00Z'),
    });

    expect(statuses(client, deviceKeys.list(query))).toEqual(['green', 'red']);
    expect(client.getQueryData<Device>(deviceKeys.detail(2))?.lastConnectionAt).toBe(
      '2026-11-22T08:00:00.000Z',
    );
    expect(client.getQueryData(deviceKeys.list({ ...query, page: 2 }))).toBe(other);
  });

  it("changes a registry's and an organisation's device lists too", () => {
    const client = new QueryClient();
    const ofRegistry = deviceKeys.list({ page: 1, pageSize: 10, filters: { registryId: 4 } });
    const ofOrg = deviceKeys.list({
      page: 1,
      pageSize: 10,
      search: 'd5',
      filters: { orgUuid: '0b7f3c2e-8a61-4f2d-9c35-1d2e3f4a5b6c' },
    });
    client.setQueryData(ofRegistry, pageOf(device(4, 'none'), device(5, 'none')));
    client.setQueryData(ofOrg, pageOf(device(5, 'none')));

    applyStatusChange(client, {
      deviceId: 5,
      status: 'green',
      lastDataAt: Date.parse('2026-11-22T08:00:00Z'),
      lastConnectionAt: null,
    });

    expect(statuses(client, ofRegistry)).toEqual(['none', 'green']);
    expect(statuses(client, ofOrg)).toEqual(['green']);
    expect(client.getQueryData<PageOf<Device>>(ofOrg)?.items[0]?.lastDataAt).toBe(
      '2026-11-22T08:00:00.000Z',
    );
  });

  it('reads again the lists and details read before the feed followed, and nothing else', async () => {
    const client = new QueryClient();
    const query = { page: 1, pageSize: 10 };
    const page = pageOf(device(1, 'none'));
    const followedAt = Date.parse('2026-11-23T10:00:00Z');
    const before = { updatedAt: followedAt - 5_000 };
    const after = { updatedAt: followedAt + 5_000 };
    const ofRegistry = deviceKeys.list({ ...query, filters: { registryId: 4 } });
    client.setQueryData(deviceKeys.list(query), page, before);
    client.setQueryData(ofRegistry, page, before);
    client.setQueryData(deviceKeys.list({ ...query, page: 2 }), page, after);
    client.setQueryData(deviceKeys.detail(1), device(1, 'none'), before);
    client.setQueryData(deviceKeys.detail(2), device(2, 'none'), after);
    client.setQueryData(deviceKeys.pictures(1), [], before);
    client.setQueryData(deviceKeys.forward(1), {}, before);

    await refreshStatusesReadBefore(client, followedAt);

    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(deviceKeys.list(query))).toBe(true);
    expect(invalidated(ofRegistry)).toBe(true);
    expect(invalidated(deviceKeys.detail(1))).toBe(true);
    expect(invalidated(deviceKeys.list({ ...query, page: 2 }))).toBe(false);
    expect(invalidated(deviceKeys.detail(2))).toBe(false);
    expect(invalidated(deviceKeys.pictures(1))).toBe(false);
    expect(invalidated(deviceKeys.forward(1))).toBe(false);
  });

  it('keeps a change heard while a read was on its way, when the read answers with the old colour', async () => {
    const client = new QueryClient();
    const heard = heardStatuses(client);
    const query = { page: 1, pageSize: 10 };
    const mapKey = deviceKeys.map({ ids: '2' });
    const mapOf = (status: Device['status']): MapDeviceList => ({
      items: [{ id: 2, uuid: 'u2', name: 'd2', lat: 55, lng: 12, status } as MapDevice],
      total: 1,
      truncated: false,
    });
    // The reads begin; the device turns green; then they answer what they read before.
    let answer: () => void = () => undefined;
    const begun = new Promise<void>((resolve) => (answer = resolve));
    const reads = Promise.all([
      client.fetchQuery({
        queryKey: deviceKeys.list(query),
        queryFn: () => begun.then(() => pageOf(device(1, 'none'), device(2, 'none'))),
      }),
      client.fetchQuery({ queryKey: mapKey, queryFn: () => begun.then(() => mapOf('none')) }),
      client.fetchQuery({
        queryKey: deviceKeys.detail(2),
        queryFn: () => begun.then(() => device(2, 'none')),
      }),
    ]);
    heard.hear({ deviceId: 2, status: 'green', lastDataAt: null, lastConnectionAt: null });
    answer();
    await reads;

    await vi.waitFor(() => {
      expect(statuses(client, deviceKeys.list(query))).toEqual(['none', 'green']);
      expect(client.getQueryData<MapDeviceList>(mapKey)?.items[0]?.status).toBe('green');
      expect(client.getQueryData<Device>(deviceKeys.detail(2))?.status).toBe('green');
    });
    heard.stop();
  });

  it('takes reads as they answer once the feed follows again, or once it stopped', async () => {
    const key = deviceKeys.list({ page: 1, pageSize: 10 });
    const green = {
      deviceId: 2,
      status: 'green',
      lastDataAt: null,
      lastConnectionAt: null,
    } as const;
    const readRed = async (client: QueryClient) => {
      await client.fetchQuery({
        queryKey: key,
        queryFn: () => Promise.resolve(pageOf(device(2, 'red'))),
      });
      // Give the cache's notifications their tick: nothing may patch the answer.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return statuses(client, key);
    };

    const followsAgain = new QueryClient();
    const again = heardStatuses(followsAgain);
    again.hear(green);
    again.forget();
    expect(await readRed(followsAgain)).toEqual(['red']);
    again.stop();

    const gone = new QueryClient();
    const stopped = heardStatuses(gone);
    stopped.hear(green);
    stopped.stop();
    expect(await readRed(gone)).toEqual(['red']);
  });

  it('puts a change heard again (each follower hears it) only once', () => {
    const client = new QueryClient();
    const key = deviceKeys.list({ page: 1, pageSize: 10 });
    client.setQueryData(key, pageOf(device(2, 'none')));
    const heard = heardStatuses(client);
    const change = { deviceId: 2, status: 'green', lastDataAt: 1, lastConnectionAt: null } as const;
    heard.hear(change);
    const once = client.getQueryData(key);
    heard.hear({ ...change });
    expect(client.getQueryData(key)).toBe(once);
    heard.hear({ ...change, lastDataAt: 2 });
    expect(client.getQueryData(key)).not.toBe(once);
    heard.stop();
  });
});
