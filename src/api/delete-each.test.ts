import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { deleteEach } from './delete-each.ts';

describe('deleting several', () => {
  it('tries every one, says which went, and gives the refusals in order', async () => {
    const tried: number[] = [];
    const outcome = await deleteEach([1, 2, 3], (id) => {
      tried.push(id);
      return id === 1 ? Promise.resolve() : Promise.reject(new ApiError(409, `No ${String(id)}`));
    });
    expect(tried).toEqual([1, 2, 3]);
    expect(outcome.deleted).toEqual([1]);
    expect(outcome.failures.map((e) => (e as Error).message)).toEqual(['No 2', 'No 3']);
  });
});
