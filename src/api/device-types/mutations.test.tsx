import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceType } from '../../../contracts/device-type.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useCreateDeviceType, useDeleteDeviceType } from './mutations.ts';
import { deviceTypeChoicesQuery, deviceTypeListQuery, deviceTypeQuery } from './queries.ts';

vi.mock('../../lib/api-client.ts', () => ({ apiRequest: vi.fn() }));
const request = vi.mocked(apiRequest);

const counter = { id: 4, name: 'Counter' } as Partial<DeviceType> as DeviceType;

function filledCache() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

function hooks(client: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => ({ create: useCreateDeviceType(), remove: useDeleteDeviceType() }), {
    wrapper,
  }).result.current;
}

beforeEach(() => request.mockReset());

describe('device type writes', () => {
  it('offer a new type in the device form’s picker at once', async () => {
    const client = filledCache();
    request.mockResolvedValueOnce({ id: 5, name: 'Gate' });
    await hooks(client).create.mutateAsync({ name: 'Gate' });
    expect(stale(client, deviceTypeChoicesQuery().queryKey)).toBe(true);
    expect(stale(client, deviceTypeListQuery({ page: 2, search: 'c' }).queryKey)).toBe(true);
    expect(client.getQueryData(deviceTypeQuery(5).queryKey)).toEqual({ id: 5, name: 'Gate' });
  });

  it('take a deleted type out of the picker and forget its detail', async () => {
    const client = filledCache();
    request.mockResolvedValueOnce(undefined);
    await hooks(client).remove.mutateAsync(counter.id);
    expect(request).toHaveBeenCalledWith('core', '/v2/devicetype/4', { method: 'DELETE' });
    expect(stale(client, deviceTypeChoicesQuery().queryKey)).toBe(true);
    expect(client.getQueryState(deviceTypeQuery(counter.id).queryKey)).toBeUndefined();
  });
});
