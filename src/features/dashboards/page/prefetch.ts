import type { QueryClient } from '@tanstack/react-query';
import type { DashboardList } from '../../../../contracts/dashboard.ts';
import { dashboardListQuery } from '../../../api/dashboards/queries.ts';
import { deviceListQuery, deviceQuery, fetchDevice } from '../../../api/devices/queries.ts';
import { DEVICE_IDS_MAX } from '../../../../contracts/device.ts';
import { PAGE_SIZE_MAX } from '../../../../contracts/list.ts';
import { bootDevicesPlaced } from '../../../lib/boot.ts';
import { graphSources } from '../graphs/sources.ts';

/** The dashboard shown for `board`: that one, else the first. */
const shownOf = (list: DashboardList, board: string | undefined) =>
  list.find((dashboard) => dashboard.id === board) ?? list[0];

/**
 * The devices the shown dashboard's graphs read, in the graphs' order. public/boot.js
 * works out the same list from the dashboards' answer (its test holds the two together).
 */
export function shownDeviceIds(list: DashboardList, board: string | undefined): number[] {
  const shown = shownOf(list, board);
  if (!shown) return [];
  return [
    ...new Set(shown.graphs.flatMap((graph) => graphSources(graph).map((s) => s.deviceId))),
  ].slice(0, DEVICE_IDS_MAX);
}

/** The list query of a dashboard's devices: one read, which boot.js may have asked for already. */
export const devicesOfDashboard = (ids: readonly number[]) => ({
  page: 1,
  pageSize: PAGE_SIZE_MAX,
  sort: 'id',
  filters: { ids: ids.join(',') },
});

/**
 * Asks, while the dashboard's scripts still load, for what its graphs ask
 * first: the user's dashboards, then each device of the shown one (with its
 * organisation's time zone). The graphs find them in the cache
 * instead of asking one after another. Failures are left to the graphs,
 * which ask again and show them.
 */
export async function prefetchDashboard(queryClient: QueryClient, board: string | undefined) {
  const list = await queryClient.ensureQueryData(dashboardListQuery());
  const ids = shownDeviceIds(list, board);
  if (ids.length === 0) return;
  // boot.js may be about to ask for the same list: its read is taken instead of a second.
  await bootDevicesPlaced();
  // One request for every device. Each device's own read waits for it, so a graph
  // that mounts before the list has come does not ask for its device alone.
  const listed = queryClient.fetchQuery(deviceListQuery(devicesOfDashboard(ids)));
  await Promise.allSettled(
    ids.map((id) =>
      queryClient.fetchQuery({
        ...deviceQuery(id),
        queryFn: async ({ signal }) =>
          (await listed.catch(() => null))?.items.find((device) => device.id === id) ??
          fetchDevice(id, signal),
      }),
    ),
  );
}
