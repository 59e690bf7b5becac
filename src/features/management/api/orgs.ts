import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ListState } from '../../../lib/list-search.ts';
import { localPage } from './local-page.ts';

/** An organisation as the API shows it (server/schemas/organisation.ts). */
export interface Organisation {
  uuid: string;
  name: string;
  nickname: string | null;
  parent: { uuid: string; name: string } | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  website: string | null;
  taxNumber: string | null;
  eanNumber: string | null;
  phone: string | null;
  timeZone: string;
  counts: { devices: number; projects: number; collections: number };
  created: string;
  modified: string;
}

export interface OrganisationInput {
  name: string;
  nickname: string | null;
  parentUuid: string;
  address: string;
  zip: string;
  city: string;
  region: string | null;
  country: string;
  website: string | null;
  taxNumber: string | null;
  eanNumber: string | null;
  phone: string | null;
  /** Free key/value metadata; left out when unchanged, as the server then keeps it. */
  metadata?: Record<string, unknown>;
}

export const orgKeys = {
  all: ['orgs'] as const,
  lists: () => [...orgKeys.all, 'list'] as const,
  list: () => [...orgKeys.lists(), 'all'] as const,
  children: (uuid: string) => [...orgKeys.lists(), 'children', uuid] as const,
  detail: (uuid: string) => [...orgKeys.all, 'detail', uuid] as const,
  totalDevices: (uuid: string) => [...orgKeys.detail(uuid), 'total-devices'] as const,
  metadata: (uuid: string) => [...orgKeys.detail(uuid), 'metadata'] as const,
};

export const orgListQuery = () =>
  queryOptions({
    queryKey: orgKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest<Organisation[]>('core', '/entity/organisations', { signal }),
  });

export const subOrgsQuery = (uuid: string) =>
  queryOptions({
    queryKey: orgKeys.children(uuid),
    queryFn: ({ signal }) =>
      apiRequest<Organisation[]>('core', `/entity/organisation/${uuid}/suborgs`, { signal }),
  });

export const orgQuery = (uuid: string) =>
  queryOptions({
    queryKey: orgKeys.detail(uuid),
    queryFn: ({ signal }) =>
      apiRequest<Organisation>('core', `/entity/organisation/${uuid}`, { signal }),
  });

export const totalDevicesQuery = (uuid: string) =>
  queryOptions({
    queryKey: orgKeys.totalDevices(uuid),
    queryFn: ({ signal }) =>
      apiRequest<{ total: number }>('dataBroker', `/v2/total-devices/${uuid}`, { signal }),
  });

export const orgMetadataQuery = (uuid: string) =>
  queryOptions({
    queryKey: orgKeys.metadata(uuid),
    queryFn: ({ signal }) =>
      apiRequest<{ uuid: string; metadata: Record<string, unknown> }>(
        'dataBroker',
        `/orgMetadata/${uuid}`,
        { signal },
      ),
  });

export const orgPage = (orgs: readonly Organisation[], state: ListState) =>
  localPage(orgs, state, {
    searchText: (o) => [o.name, o.nickname ?? '', o.city ?? '', o.parent?.name ?? ''],
    sortBy: {
      name: (o) => o.name,
      parent: (o) => o.parent?.name,
      city: (o) => o.city,
      country: (o) => o.country,
      devices: (o) => o.counts.devices,
      created: (o) => o.created,
    },
    filterBy: { parent: (o) => o.parent?.uuid ?? '', country: (o) => o.country ?? '' },
  });

export const createOrg = (body: OrganisationInput) =>
  apiRequest<Organisation>('core', '/entity/organisation', { method: 'POST', body });

export const updateOrg = (uuid: string, body: Partial<OrganisationInput>) =>
  apiRequest<Organisation>('core', `/entity/organisation/${uuid}`, { method: 'PUT', body });

export const deleteOrg = (uuid: string) =>
  apiRequest<{ ok: boolean }>('core', `/entity/organisation/${uuid}`, { method: 'DELETE' });
