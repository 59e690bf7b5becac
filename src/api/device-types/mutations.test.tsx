import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceType } from '../../../contracts/device-type.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useCreateDeviceType, useDeleteDeviceType } from './mutations.ts';
import { deviceTypeChoicesQuery, deviceTypeListQuery, deviceTypeQuery } from './queries.ts';
import { isStale, renderHooks, testQueryClient } from '../../ui/test-support.tsx';

vi.mock('../../lib/api-client.ts', () => ({ apiRequest: vi.fn() }));
const request = vi.mocked(apiRequest);

const counter = { id: 4, name: 'Counter' } as Partial<DeviceType> as DeviceType;

function filledCache() {
  const client = testQueryClient();
  client.setQueryData(deviceTypeChoicesQuery().queryKey, [counter]);
  client.setQueryData(deviceTypeListQuery({ page: 2, search: 'c' }).queryKey, {
    items: [counter],
    total: 1,
    page: 2,
    pageSize: 25,
  });
  client.setQueryData(deviceTypeQuery(counter.id).queryKey, counter);
  return client;
}

function hooks(client: QueryClient) {
  return renderHooks(client, () => ({
    create: useCreateDeviceType(),
    remove: useDeleteDeviceType(),
  }));
}

beforeEach(() => request.mockReset());

describe('device type writes', () => {
  it('offer a new type in the device form’s picker at once', async () => {
    const client = filledCache();
    request.mockResolvedValueOnce({ id: 5, name: 'Gate' });
    await hooks(client).create.mutateAsync({ name: 'Gate' });
    expect(isStale(client, deviceTypeChoicesQuery().queryKey)).toBe(true);
    expect(isStale(client, deviceTypeListQuery({ page: 2, search: 'c' }).queryKey)).toBe(true);
    expect(client.getQueryData(deviceTypeQuery(5).queryKey)).toEqual({ id: 5, name: 'Gate' });
  });

  it('take a deleted type out of the picker and forget its detail', async () => {
    const client = filledCache();
    request.mockResolvedValueOnce(undefined);
    await hooks(client).remove.mutateAsync(counter.id);
    expect(request).toHaveBeenCalledWith('core', '/v2/devicetype/4', { method: 'DELETE' });
    expect(isStale(client, deviceTypeChoicesQuery().queryKey)).toBe(true);
    expect(client.getQueryState(deviceTypeQuery(counter.id).queryKey)).toBeUndefined();
  });
});
