import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '../../../contracts/device.ts';
import type * as apiClient from '../../lib/api-client.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { isStale, renderHooks, testQueryClient } from '../../ui/test-support.tsx';
import { deviceKeys } from './keys.ts';
import { useDeleteDevices } from './mutations.ts';
import { deviceListQuery, deviceQuery } from './queries.ts';

vi.mock('../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof apiClient>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);

const device = (id: number) => ({ id, name: `Counter ${String(id)}` }) as Partial<Device> as Device;
const registryTab = deviceListQuery({ page: 1, filters: { registryId: 3 } }).queryKey;

beforeEach(() => request.mockReset());

describe('deleting a list’s selection of devices', () => {
  it('deletes each, keeps a refused one, and refreshes the lists once when all are done', async () => {
    const client = testQueryClient();
    for (const id of [1, 2, 3]) client.setQueryData(deviceQuery(id).queryKey, device(id));
    client.setQueryData(registryTab, {
      items: [1, 2, 3].map(device),
      total: 3,
      page: 1,
      pageSize: 25,
    });
    request.mockImplementation((_service, path) =>
      String(path).endsWith('/2')
        ? Promise.reject(new ApiError(409, 'In use'))
        : Promise.resolve(undefined),
    );
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    const outcome = await renderHooks(client, () => useDeleteDevices()).mutateAsync([1, 2, 3]);

    expect(outcome.deleted).toEqual([1, 3]);
    expect(outcome.failures).toHaveLength(1);
    expect(client.getQueryData(deviceQuery(1).queryKey)).toBeUndefined();
    expect(client.getQueryData(deviceQuery(2).queryKey)).toEqual(device(2));
    expect(isStale(client, registryTab)).toBe(true);
    const listRefreshes = invalidate.mock.calls.filter(
      ([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(deviceKeys.lists()),
    );
    expect(listRefreshes).toHaveLength(1);
  });
});
