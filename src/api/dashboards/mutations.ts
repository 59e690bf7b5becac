import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Static } from 'typebox';
import type { Ok } from '../../../contracts/common.ts';
import type {
  Dashboard,
  DashboardCreate,
  DashboardList,
  DashboardUpdate,
} from '../../../contracts/dashboard.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { dashboardKeys } from './keys.ts';

const path = (id: string) => `/v2/dashboard/${encodeURIComponent(id)}`;

/** A save refused because another tab or device saved first; `current` is what is stored now. */
export class DashboardConflictError extends Error {
  constructor(readonly current: Dashboard) {
    super('The dashboard was changed elsewhere.');
    this.name = 'DashboardConflictError';
  }
}

/** Puts a dashboard the server answered into the list and its detail, so no refetch is needed. */
function remember(queryClient: QueryClient, dashboard: Dashboard) {
  queryClient.setQueryData(dashboardKeys.detail(dashboard.id), dashboard);
  queryClient.setQueryData<DashboardList>(dashboardKeys.lists(), (list) =>
    list === undefined
      ? list
      : list.some((d) => d.id === dashboard.id)
        ? list.map((d) => (d.id === dashboard.id ? dashboard : d))
        : [...list, dashboard],
  );
}

function forget(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: dashboardKeys.detail(id) });
  queryClient.setQueryData<DashboardList>(dashboardKeys.lists(), (list) =>
    list?.filter((d) => d.id !== id),
  );
}

export const createDashboard = (body: DashboardCreate) =>
  apiRequest<Dashboard>('core', '/v2/dashboards', { method: 'POST', body });

/**
 * Saves a dashboard whole with the version it was read at. A 409 becomes a
 * DashboardConflictError holding the stored dashboard, so the caller can
 * show both and lose nothing.
 */
export async function saveDashboard(id: string, body: DashboardUpdate): Promise<Dashboard> {
  try {
    return await apiRequest<Dashboard>('core', path(id), { method: 'PUT', body });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    // The refusal names the stored dashboard; read it whole to hand it on.
    throw new DashboardConflictError(await apiRequest<Dashboard>('core', path(id)));
  }
}

export const deleteDashboard = (id: string) =>
  apiRequest<Static<typeof Ok>>('core', path(id), { method: 'DELETE' });

/**
 * The three writes as plain functions that keep the query cache true, for
 * a caller that runs them itself (the dashboard machine's actors).
 */
export function useDashboardWrites() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      create: async (body: DashboardCreate) => {
        const made = await createDashboard(body);
        remember(queryClient, made);
        return made;
      },
      save: async (id: string, body: DashboardUpdate) => {
        try {
          const saved = await saveDashboard(id, body);
          remember(queryClient, saved);
          return saved;
        } catch (error) {
          if (error instanceof DashboardConflictError) remember(queryClient, error.current);
          throw error;
        }
      },
      remove: async (id: string) => {
        await deleteDashboard(id);
        forget(queryClient, id);
      },
    }),
    [queryClient],
  );
}
