import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  DeviceTotal,
  Organisation,
  OrganisationMetadata,
} from '../../../contracts/organisation.ts';
import { apiRequest } from '../../lib/api-client.ts';
import type { ListQuery } from '../list-query.ts';
import { organisationKeys, type OrganisationFilters } from './keys.ts';

/**
 * The organisations the user works in (GET /entity/organisations answers only
 * those): the ones a create or move may name.
 */
export const organisationChoicesQuery = () =>
  queryOptions({
    queryKey: organisationKeys.choices(),
    queryFn: ({ signal }) =>
      apiRequest<Organisation[]>('core', '/entity/organisations', { signal }),
    staleTime: 60_000,
  });

/**
 * Organisations the user can see, or the sub-organisations of one. The server
 * answers the whole list (organisations are counted in hundreds), so the key
 * holds only what narrows it; a page of it is cut out where it is shown.
 */
export const organisationListQuery = (query: ListQuery<OrganisationFilters> = {}) =>
  queryOptions({
    queryKey: organisationKeys.list(query),
    queryFn: ({ signal }) => {
      const parent = query.filters?.parentUuid;
      return apiRequest<Organisation[]>(
        'core',
        parent ? `/entity/organisation/${parent}/suborgs` : '/entity/organisations',
        { signal },
      );
    },
    placeholderData: keepPreviousData,
  });

export const organisationQuery = (uuid: string) =>
  queryOptions({
    queryKey: organisationKeys.detail(uuid),
    queryFn: ({ signal }) =>
      apiRequest<Organisation>('core', `/entity/organisation/${uuid}`, { signal }),
  });

/** The devices of an organisation and its sub-organisations, counted. */
export const organisationDeviceTotalQuery = (uuid: string) =>
  queryOptions({
    queryKey: organisationKeys.totalDevices(uuid),
    queryFn: ({ signal }) =>
      apiRequest<DeviceTotal>('dataBroker', `/v2/total-devices/${uuid}`, { signal }),
  });

export const organisationMetadataQuery = (uuid: string) =>
  queryOptions({
    queryKey: organisationKeys.metadata(uuid),
    queryFn: ({ signal }) =>
      apiRequest<OrganisationMetadata>('dataBroker', `/orgMetadata/${uuid}`, { signal }),
  });
