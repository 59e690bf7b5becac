import type { QueryClient } from '@tanstack/react-query';
import type { DashboardList } from '../../../../contracts/dashboard.ts';
import { dashboardListQuery } from '../../../api/dashboards/queries.ts';
import { deviceQuery } from '../../../api/devices/queries.ts';
import { organisationQuery } from '../../../api/organisations/queries.ts';
import { graphSources } from '../graphs/sources.ts';

/** The dashboard shown for `board`: that one, else the first. */
const shownOf = (list: DashboardList, board: string | undefined) =>
  list.find((dashboard) => dashboard.id === board) ?? list[0];

/**
 * Asks, while the dashboard's scripts still load, for what its graphs ask
 * first: the user's dashboards, then each device of the shown one and that
 * device's organisation (its time zone). The graphs find them in the cache
 * instead of asking one after another. Failures are left to the graphs,
 * which ask again and show them.
 */
export async function prefetchDashboard(queryClient: QueryClient, board: string | undefined) {
  const list = await queryClient.ensureQueryData(dashboardListQuery());
  const shown = shownOf(list, board);
  if (!shown) return;
  const devices = new Set(
    shown.graphs.flatMap((graph) => graphSources(graph).map((s) => s.deviceId)),
  );
  await Promise.all(
    [...devices].map(async (id) => {
      const device = await queryClient.ensureQueryData(deviceQuery(id));
      await queryClient.ensureQueryData(organisationQuery(device.org.uuid));
    }),
  );
}
