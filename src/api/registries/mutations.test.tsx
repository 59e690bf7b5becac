import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Registry } from '../../../contracts/registry.ts';
import type * as apiClient from '../../lib/api-client.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { registryKeys } from './keys.ts';
import {
  useCreateRegistry,
  useDeleteRegistries,
  useDeleteRegistry,
  useUpdateRegistry,
} from './mutations.ts';
import { registryChoicesQuery, registryListQuery, registryQuery } from './queries.ts';
import { isStale, renderHooks, testQueryClient } from '../../ui/test-support.tsx';

vi.mock('../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof apiClient>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);

const registry = (id: number, name: string) => ({ id, name }) as Partial<Registry> as Registry;
const gate = registry(1, 'Gate');
const depot = registry(2, 'Depot');

/** A cache as a user has it: the device form's picker, a filtered list page and two registries. */
function filledCache() {
  const client = testQueryClient();
  client.setQueryData(registryChoicesQuery().queryKey, [gate, depot]);
  client.setQueryData(registryListQuery({ page: 1, filters: { protocol: 'mqtt' } }).queryKey, {
    items: [gate, depot],
    total: 2,
    page: 1,
    pageSize: 25,
  });
  client.setQueryData(registryQuery(gate.id).queryKey, gate);
  client.setQueryData(registryQuery(depot.id).queryKey, depot);
  return client;
}

function hooks(client: QueryClient) {
  return renderHooks(client, () => ({
    create: useCreateRegistry(),
    update: useUpdateRegistry(),
    remove: useDeleteRegistry(),
    removeMany: useDeleteRegistries(),
  }));
}

beforeEach(() => request.mockReset());

describe('registry writes', () => {
  it('show a new registry in every picker and list, and keep its answer as its detail', async () => {
    const client = filledCache();
    const created = registry(3, 'Harbour');
    request.mockResolvedValueOnce(created);
    await hooks(client).create.mutateAsync({ name: 'Harbour' });
    expect(request).toHaveBeenCalledWith('core', '/v2/registry', {
      method: 'POST',
      body: { name: 'Harbour' },
    });
    expect(isStale(client, registryChoicesQuery().queryKey)).toBe(true);
    expect(isStale(client, registryKeys.list({ page: 1, filters: { protocol: 'mqtt' } }))).toBe(
      true,
    );
    expect(client.getQueryData(registryQuery(3).queryKey)).toEqual(created);
    expect(isStale(client, registryQuery(gate.id).queryKey)).toBe(false);
  });

  it('rename a registry in the pickers at once', async () => {
    const client = filledCache();
    const renamed = { ...gate, name: 'North gate' };
    request.mockResolvedValueOnce(renamed);
    await hooks(client).update.mutateAsync({ id: gate.id, name: 'North gate' });
    expect(isStale(client, registryChoicesQuery().queryKey)).toBe(true);
    expect(client.getQueryData(registryQuery(gate.id).queryKey)).toEqual(renamed);
  });

  it('delete one: its detail goes and the pickers refresh', async () => {
    const client = filledCache();
    request.mockResolvedValueOnce(undefined);
    await hooks(client).remove.mutateAsync(gate.id);
    expect(request).toHaveBeenCalledWith('core', '/v2/registry/1', { method: 'DELETE' });
    expect(client.getQueryState(registryQuery(gate.id).queryKey)).toBeUndefined();
    expect(isStale(client, registryChoicesQuery().queryKey)).toBe(true);
  });

  it('delete several: a refusal does not stop the others and keeps its registry', async () => {
    const client = filledCache();
    const refusal = new ApiError(409, 'Registry still has devices');
    request.mockRejectedValueOnce(refusal).mockResolvedValueOnce(undefined);
    const outcome = await hooks(client).removeMany.mutateAsync([gate.id, depot.id]);
    expect(outcome).toEqual({ deleted: [depot.id], failures: [refusal] });
    expect(client.getQueryData(registryQuery(gate.id).queryKey)).toEqual(gate);
    expect(client.getQueryState(registryQuery(depot.id).queryKey)).toBeUndefined();
    expect(isStale(client, registryChoicesQuery().queryKey)).toBe(true);
  });
});
