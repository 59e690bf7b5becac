import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/** Makes a dashboard (a blank one, or one read from a file) and adds it to the list. */
export function useCreateDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDashboard,
    onSuccess: (dashboard) => remember(queryClient, dashboard),
  });
}

/** Saves a dashboard whole; on success the list and detail hold the new version. */
export function useSaveDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DashboardUpdate }) => saveDashboard(id, body),
    onSuccess: (dashboard) => remember(queryClient, dashboard),
    onError: (error) => {
      if (error instanceof DashboardConflictError) remember(queryClient, error.current);
    },
  });
}

/** Deletes a dashboard and drops it from the list. */
export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDashboard,
    onSuccess: (_ok, id) => {
      queryClient.removeQueries({ queryKey: dashboardKeys.detail(id) });
      queryClient.setQueryData<DashboardList>(dashboardKeys.lists(), (list) =>
        list?.filter((d) => d.id !== id),
      );
    },
  });
}
