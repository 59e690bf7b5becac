import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Device } from '../../../contracts/device.ts';
import type { PageOf } from '../../../contracts/list.ts';
import type { MapDeviceList } from '../../../contracts/map.ts';
import type { LiveDeviceStatus } from '../../../streams/types.ts';
import { useDeviceStatusFeed } from '../../lib/live-data.tsx';
import { deviceKeys } from './keys.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const patchDevice = (device: Device, change: LiveDeviceStatus): Device => ({
  ...device,
  status: change.status,
  lastDataAt: iso(change.lastDataAt) ?? device.lastDataAt,
  lastConnectionAt: iso(change.lastConnectionAt) ?? device.lastConnectionAt,
});

/** A page of devices with the changes' devices patched; the same page when none is on it. */
function patchPage(
  page: PageOf<Device> | undefined,
  changes: ReadonlyMap<number, LiveDeviceStatus>,
): PageOf<Device> | undefined {
  if (!page?.items.some((d) => changes.has(d.id))) return page;
  return {
    ...page,
    items: page.items.map((d) => {
      const change = changes.get(d.id);
      return change ? patchDevice(d, change) : d;
    }),
  };
}

/** A map's devices with the changes' statuses; the same list when no colour changes. */
function patchMap(
  map: MapDeviceList | undefined,
  changes: ReadonlyMap<number, LiveDeviceStatus>,
): MapDeviceList | undefined {
  if (!map?.items.some((d) => (changes.get(d.id)?.status ?? d.status) !== d.status)) return map;
  return {
    ...map,
    items: map.items.map((d) => {
      const change = changes.get(d.id);
      return change && change.status !== d.status ? { ...d, status: change.status } : d;
    }),
  };
}

/**
 * Puts a device's new status colour and times into every cached device list —
 * the device list, a registry's, an organisation's, any filter — its detail,
 * and every map's devices.
 */
export function applyStatusChange(queryClient: QueryClient, change: LiveDeviceStatus): void {
  const changes = new Map([[change.deviceId, change]]);
  queryClient.setQueriesData<PageOf<Device>>({ queryKey: deviceKeys.lists() }, (page) =>
    patchPage(page, changes),
  );
  queryClient.setQueryData<Device>(deviceKeys.detail(change.deviceId), (device) =>
    device ? patchDevice(device, change) : device,
  );
  queryClient.setQueriesData<MapDeviceList>({ queryKey: deviceKeys.maps() }, (map) =>
    patchMap(map, changes),
  );
}

/**
 * Remembers the status changes heard since the feed last (re)connected, and
 * puts them again into each device list, detail or map that a read brings
 * afterwards. A read that began before a change (the catching up after a
 * reconnection, a refresh) may answer with the colour the change replaced; the
 * feed's latest word on a device is the newest there is while it is followed.
 */
export function heardStatuses(queryClient: QueryClient) {
  const heard = new Map<number, LiveDeviceStatus>();
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (heard.size === 0 || event.type !== 'updated') return;
    // A read's answer; the patches below are manual and not taken again.
    if (event.action.type !== 'success' || event.action.manual) return;
    const key = event.query.queryKey;
    const [, kind, id] = key;
    if (kind === 'list') {
      queryClient.setQueryData<PageOf<Device>>(key, (page) => patchPage(page, heard));
    } else if (kind === 'map') {
      queryClient.setQueryData<MapDeviceList>(key, (map) => patchMap(map, heard));
    } else if (kind === 'detail' && key.length === 3 && typeof id === 'number') {
      const change = heard.get(id);
      if (change)
        queryClient.setQueryData<Device>(key, (device) =>
          device ? patchDevice(device, change) : device,
        );
    }
  });
  return {
    hear(change: LiveDeviceStatus) {
      // Every part of the screen that follows the feed hears each change: it is put once.
      const known = heard.get(change.deviceId);
      if (
        known?.status === change.status &&
        known.lastDataAt === change.lastDataAt &&
        known.lastConnectionAt === change.lastConnectionAt
      )
        return;
      heard.set(change.deviceId, change);
      applyStatusChange(queryClient, change);
    },
    /** The feed follows again: what it says from now on is what counts. */
    forget() {
      heard.clear();
    },
    stop,
  };
}

/**
 * Reads device lists and details again that were read before `since`: the
 * live feed was not following status changes then (before it first
 * connected, or while it was disconnected), so their colours may be stale.
 * Queries not on screen are only marked stale.
 */
export function refreshStatusesReadBefore(queryClient: QueryClient, since: number): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: deviceKeys.all,
    predicate: (query) => {
      const [, kind] = query.queryKey;
      const statusBearing =
        kind === 'list' || kind === 'map' || (kind === 'detail' && query.queryKey.length === 3);
      return statusBearing && query.state.dataUpdatedAt < since;
    },
  });
}

interface SharedStatuses {
  statuses: ReturnType<typeof heardStatuses>;
  users: number;
  /** When the feed last said it follows, and the reads were taken again for it. */
  caughtUpAt: number;
}

/** One memory of heard changes per query cache, whatever number of screen parts follow. */
const shared = new WeakMap<QueryClient, SharedStatuses>();

function share(queryClient: QueryClient): { entry: SharedStatuses; release: () => void } {
  let entry = shared.get(queryClient);
  if (!entry) {
    entry = { statuses: heardStatuses(queryClient), users: 0, caughtUpAt: -Infinity };
    shared.set(queryClient, entry);
  }
  const held = entry;
  held.users += 1;
  return {
    entry: held,
    release: () => {
      held.users -= 1;
      if (held.users > 0) return;
      held.statuses.stop();
      shared.delete(queryClient);
    },
  };
}

/** The feed's parts hear its acknowledgement together: one catch-up read is enough. */
const CATCH_UP_ONCE_MS = 1_000;

/**
 * Keeps the shown devices' status colours live while the screen is open, and
 * catches up after the live feed was away: each time it follows status
 * changes again, what was read before is read again.
 */
export function useLiveDeviceStatus(): void {
  const queryClient = useQueryClient();
  const statuses = useRef<SharedStatuses | null>(null);
  useEffect(() => {
    const { entry, release } = share(queryClient);
    statuses.current = entry;
    return () => {
      release();
      statuses.current = null;
    };
  }, [queryClient]);
  useDeviceStatusFeed(
    (change) =>
      statuses.current
        ? statuses.current.statuses.hear(change)
        : applyStatusChange(queryClient, change),
    () => {
      const now = Date.now();
      const entry = statuses.current;
      if (entry) {
        if (now - entry.caughtUpAt < CATCH_UP_ONCE_MS) return;
        entry.caughtUpAt = now;
        entry.statuses.forget();
      }
      void refreshStatusesReadBefore(queryClient, now);
    },
  );
}
