import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const homeKeys = {
  all: ['home'] as const,
  devices: (org: string) => [...homeKeys.all, 'devices', org] as const,
  organisation: (org: string) => [...homeKeys.all, 'organisation', org] as const,
  users: () => [...homeKeys.all, 'users'] as const,
};

export const deviceTotalQuery = (org: string) =>
  queryOptions({
    queryKey: homeKeys.devices(org),
    queryFn: ({ signal }) =>
      apiRequest<{ total: number }>('dataBroker', `/v2/total-devices/${org}`, { signal }),
  });

export const organisationCountsQuery = (org: string) =>
  queryOptions({
    queryKey: homeKeys.organisation(org),
    queryFn: ({ signal }) =>
      apiRequest<{ counts: { devices: number; projects: number; collections: number } }>(
        'core',
        `/entity/organisation/${org}`,
        { signal },
      ),
  });

export const userCountQuery = () =>
  queryOptions({
    queryKey: homeKeys.users(),
    queryFn: ({ signal }) => apiRequest<unknown[]>('core', '/entity/users', { signal }),
    select: (users) => users.length,
  });
