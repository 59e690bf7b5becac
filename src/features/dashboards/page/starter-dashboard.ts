import type { QueryClient } from '@tanstack/react-query';
import type { Dashboard, DashboardCreate } from '../../../../contracts/dashboard.ts';
import { starterDashboard, STARTER_GRAPHS } from '../../../../machines/dashboard-layout.ts';
import { currentUserQuery } from '../../../api/session/queries.ts';
import { deviceListQuery } from '../../../api/devices/queries.ts';
import { withDefaults } from '../../../lib/settings.ts';

/** Made once per user and browser: a user who deletes it is not given another. */
const doneKey = (userUuid: string) => `nordlys.starterDashboard.${userUuid}`;
/** Devices looked at for drawable keys. */
const CANDIDATES = 20;

/**
 * The dashboard of a user who has none and keeps "Create a dashboard
 * automatically" on (Settings → Diagrams): charts of their first devices'
 * data (machines/dashboard-layout.ts `starterDashboard`). Null when it was
 * made before in this browser or the user turned the setting off.
 */
export async function makeStarterDashboard(
  queryClient: QueryClient,
  writes: { create: (body: DashboardCreate) => Promise<Dashboard> },
  name: string,
): Promise<Dashboard | null> {
  const user = await queryClient.ensureQueryData(currentUserQuery());
  if (!user) return null;
  const settings = withDefaults(user.internal.settings);
  if (!settings.autoDashboard) return null;
  const key = doneKey(user.uuid);
  if (localStorage.getItem(key)) return null;
  const devices = await queryClient.fetchQuery(
    deviceListQuery({ page: 1, pageSize: CANDIDATES, sort: 'name', filters: {} }),
  );
  const { graphs } = starterDashboard(devices.items, settings.chartType, Math.random);
  const made = await writes.create({
    name,
    graphs: graphs.slice(0, STARTER_GRAPHS),
  });
  localStorage.setItem(key, made.id);
  return made;
}
