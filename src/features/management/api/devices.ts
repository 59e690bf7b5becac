import type { DeviceStatus } from '../../../ui/status-dot.tsx';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listQueryString, type Page, type ListState } from '../../../lib/list-search.ts';

/** The few device fields an organisation's devices tab shows. */
export interface OrgDevice {
  id: number;
  name: string;
  uniqueName: string | null;
  status: DeviceStatus;
  registry: { id: number; name: string } | null;
  deviceType: { id: number; name: string } | null;
  created: string;
}

export const orgDevicesQuery = (orgUuid: string, state: ListState) =>
  queryOptions({
    queryKey: ['orgs', 'detail', orgUuid, 'devices', state] as const,
    queryFn: ({ signal }) =>
      apiRequest<Page<OrgDevice>>('core', `/v2/devices?${listQueryString(state, { orgUuid })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
