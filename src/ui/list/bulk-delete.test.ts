import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { deletionFailedText } from './bulk-delete.ts';

describe('a failed delete', () => {
  it("adds the server's reason to the general text", () => {
    const refused = new ApiError(409, 'Registry still has devices');
    expect(deletionFailedText('Deletion failed', refused)).toBe(
      'Deletion failed: Registry still has devices',
    );
    expect(deletionFailedText('Deletion failed', new NetworkError())).toBe('Deletion failed');
    expect(deletionFailedText('Deletion failed', new Error('boom'))).toBe('Deletion failed');
  });
});
