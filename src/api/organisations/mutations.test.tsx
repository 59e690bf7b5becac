import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '../../../contracts/organisation.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { deviceListQuery } from '../devices/queries.ts';
import { registryChoicesQuery } from '../registries/queries.ts';
import { userKeys } from '../users/keys.ts';
import { organisationKeys } from './keys.ts';
import {
  useCreateOrganisation,
  useDeleteOrganisations,
  useUpdateOrganisation,
} from './mutations.ts';
import { organisationChoicesQuery, organisationListQuery } from './queries.ts';
import { isStale, renderHooks, testQueryClient } from '../../ui/test-support.tsx';

vi.mock('../../lib/api-client.ts', () => ({ apiRequest: vi.fn() }));
const request = vi.mocked(apiRequest);

const organisation = (uuid: string, name: string) =>
  ({
    uuid,
    name,
    parent: null,
    counts: { devices: 0, projects: 0, collections: 0 },
  }) as Partial<Organisation> as Organisation;

const top = organisation('00000000-0000-4000-8000-000000000001', 'Nordlys');
const depot = organisation('00000000-0000-4000-8000-000000000002', 'Depot');

/** A cache as a user has it: a picker's choices, the list, a sub-organisation list and users. */
function filledCache() {
  const client = testQueryClient();
  client.setQueryData(organisationChoicesQuery().queryKey, [top]);
  client.setQueryData(organisationListQuery().queryKey, [top]);
  client.setQueryData(organisationListQuery({ filters: { parentUuid: top.uuid } }).queryKey, []);
  client.setQueryData(userKeys.list({}), []);
  client.setQueryData(organisationKeys.detail(depot.uuid), depot);
  client.setQueryData(deviceListQuery({ page: 1, filters: { orgUuid: depot.uuid } }).queryKey, {
    items: [],
    total: 0,
    page: 1,
    pageSize: 25,
  });
  client.setQueryData(registryChoicesQuery().queryKey, []);
  return client;
}

function hooks(client: QueryClient) {
  return renderHooks(client, () => ({
    create: useCreateOrganisation(),
    update: useUpdateOrganisation(),
    remove: useDeleteOrganisations(),
  }));
}

beforeEach(() => request.mockReset());

describe('organisation writes', () => {
  it('refresh every picker of organisations when one is created', async () => {
    const client = filledCache();
    request.mockResolvedValueOnce(depot);
    await hooks(client).create.mutateAsync({
      name: 'Depot',
      parentUuid: top.uuid,
      address: 'Havnegade 1',
      zip: '8000',
      city: 'Aarhus',
      country: 'Danmark',
    });
    expect(isStale(client, organisationChoicesQuery().queryKey)).toBe(true);
    expect(isStale(client, organisationListQuery().queryKey)).toBe(true);
    expect(client.getQueryData(organisationKeys.detail(depot.uuid))).toEqual(depot);
  });

  it('refresh pickers, sub-organisation lists and users when one is renamed or moved', async () => {
    const client = filledCache();
    request.mockResolvedValueOnce({ ...depot, name: 'Lager' });
    await hooks(client).update.mutateAsync({ uuid: depot.uuid, changes: { name: 'Lager' } });
    expect(isStale(client, organisationChoicesQuery().queryKey)).toBe(true);
    expect(
      isStale(client, organisationListQuery({ filters: { parentUuid: top.uuid } }).queryKey),
    ).toBe(true);
    expect(isStale(client, userKeys.list({}))).toBe(true);
    expect(client.getQueryData<Organisation>(organisationKeys.detail(depot.uuid))?.name).toBe(
      'Lager',
    );
    // Devices and registries show the organisation's name too.
    expect(
      isStale(client, deviceListQuery({ page: 1, filters: { orgUuid: depot.uuid } }).queryKey),
    ).toBe(true);
    expect(isStale(client, registryChoicesQuery().queryKey)).toBe(true);
  });

  it('forget a deleted one and refresh the pickers; a refused one stays', async () => {
    const client = filledCache();
    request.mockResolvedValueOnce({ ok: true });
    request.mockRejectedValueOnce(new Error('Organisation still has users'));
    const outcome = await hooks(client).remove.mutateAsync([depot.uuid, top.uuid]);
    expect(outcome.deleted).toEqual([depot.uuid]);
    expect(outcome.failures).toHaveLength(1);
    expect(client.getQueryData(organisationKeys.detail(depot.uuid))).toBeUndefined();
    expect(isStale(client, organisationChoicesQuery().queryKey)).toBe(true);
  });
});
