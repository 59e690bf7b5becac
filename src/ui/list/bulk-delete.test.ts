import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { deleteEach, deletionFailedText } from './bulk-delete.ts';

describe('bulk delete', () => {
  it('tries every row and gives the failures in order', async () => {
    const tried: number[] = [];
    const failures = await deleteEach([1, 2, 3], (id) => {
      tried.push(id);
      return id === 1 ? Promise.resolve() : Promise.reject(new ApiError(409, `No ${String(id)}`));
    });
    expect(tried).toEqual([1, 2, 3]);
    expect(failures.map((e) => (e as Error).message)).toEqual(['No 2', 'No 3']);
  });

  it("adds the server's reason to the general text", () => {
    const refused = new ApiError(409, 'Registry still has devices');
    expect(deletionFailedText('Deletion failed', refused)).toBe(
      'Deletion failed: Registry still has devices',
    );
    expect(deletionFailedText('Deletion failed', new ApiError(0, 'Network Error'))).toBe(
      'Deletion failed',
    );
    expect(deletionFailedText('Deletion failed', new Error('boom'))).toBe('Deletion failed');
  });
});
