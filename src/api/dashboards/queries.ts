import { queryOptions } from '@tanstack/react-query';
import type { Dashboard, DashboardList } from '../../../contracts/dashboard.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { dashboardKeys } from './keys.ts';

/** The signed-in user's own dashboards, oldest first. */
export const dashboardListQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.lists(),
    queryFn: ({ signal }) => apiRequest<DashboardList>('core', '/v2/dashboards', { signal }),
  });

/** One of the user's dashboards. */
export const dashboardQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest<Dashboard>('core', `/v2/dashboard/${encodeURIComponent(id)}`, { signal }),
  });
