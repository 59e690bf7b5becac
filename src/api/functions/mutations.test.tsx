import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CloudFunction } from '../../../contracts/cloud-function.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useDeleteFunctions, useTestRunFunction, useUpdateFunction } from './mutations.ts';
import { functionChoicesQuery, functionListQuery, functionQuery } from './queries.ts';
import { isStale, renderHooks, testQueryClient } from '../../ui/test-support.tsx';

vi.mock('../../lib/api-client.ts', () => ({ apiRequest: vi.fn() }));
const request = vi.mocked(apiRequest);

const decoder = {
  id: 7,
  name: 'Counter',
  type: 'decoder',
} as Partial<CloudFunction> as CloudFunction;

/** A cache as a user has it: the decoder picker, a list page and the function itself. */
function filledCache() {
  const client = testQueryClient();
  client.setQueryData(functionChoicesQuery({ type: 'decoder' }).queryKey, [decoder]);
  client.setQueryData(functionListQuery({ page: 1 }).queryKey, {
    items: [decoder],
    total: 1,
    page: 1,
    pageSize: 25,
  });
  client.setQueryData(functionQuery(decoder.id).queryKey, decoder);
  return client;
}

function hooks(client: QueryClient) {
  return renderHooks(client, () => ({
    update: useUpdateFunction(),
    removeMany: useDeleteFunctions(),
    run: useTestRunFunction(),
  }));
}

beforeEach(() => request.mockReset());

describe('cloud function writes', () => {
  it('rename a decoder in the decoder pickers at once', async () => {
    const client = filledCache();
    const renamed = { ...decoder, name: 'People counter' };
    request.mockResolvedValueOnce(renamed);
    await hooks(client).update.mutateAsync({ id: decoder.id, name: 'People counter' });
    expect(request).toHaveBeenCalledWith('functions', '/v2/cloudfunction', {
      method: 'PUT',
      body: { id: decoder.id, name: 'People counter' },
    });
    expect(isStale(client, functionChoicesQuery({ type: 'decoder' }).queryKey)).toBe(true);
    expect(client.getQueryData(functionQuery(decoder.id).queryKey)).toEqual(renamed);
  });

  it('take a deleted decoder out of the pickers', async () => {
    const client = filledCache();
    request.mockResolvedValueOnce({ ok: true });
    await hooks(client).removeMany.mutateAsync([decoder.id]);
    expect(isStale(client, functionChoicesQuery({ type: 'decoder' }).queryKey)).toBe(true);
    expect(isStale(client, functionListQuery({ page: 1 }).queryKey)).toBe(true);
    expect(client.getQueryState(functionQuery(decoder.id).queryKey)).toBeUndefined();
  });

  it('run code in the sandbox without touching what is stored', async () => {
    const client = filledCache();
    const result = { ok: true, output: 3, logs: [], durationMs: 1 };
    request.mockResolvedValueOnce(result);
    const answer = await hooks(client).run.mutateAsync({
      code: 'function main(i) { return i; }',
      input: 3,
    });
    expect(answer).toEqual(result);
    expect(request).toHaveBeenCalledWith('functions', '/v2/cloudfunction/test', {
      method: 'POST',
      body: { code: 'function main(i) { return i; }', input: 3 },
    });
    expect(isStale(client, functionChoicesQuery({ type: 'decoder' }).queryKey)).toBe(false);
    expect(isStale(client, functionQuery(decoder.id).queryKey)).toBe(false);
  });
});
