import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notifications.ts';

/** Deletes every row, one call each (a refusal does not stop the others); gives the failures. */
export async function deleteEach<T>(
  rows: readonly T[],
  remove: (row: T) => Promise<unknown>,
): Promise<unknown[]> {
  const results = await Promise.allSettled(rows.map((row) => remove(row)));
  return results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
}

/**
 * What a failed delete says: the general text, with the server's reason when
 * it gave one ('Deletion failed: Registry still has devices').
 */
export function deletionFailedText(general: string, error: unknown): string {
  // Status 0 is the client's own (network, timeout), not the server's reason.
  return error instanceof ApiError && error.status > 0 && error.message
    ? `${general}: ${error.message}`
    : general;
}

/** Says how a delete of one or several went: the first failure with the server's reason. */
export function useDeletionNotice() {
  const { t } = useLingui();
  const notify = useNotify();
  return useCallback(
    (failures: readonly unknown[]) => {
      if (failures.length === 0) notify(t`Deleted`, 'success');
      else notify(deletionFailedText(t`Deletion failed`, failures[0]), 'error');
    },
    [t, notify],
  );
}

/**
 * A list's bulk delete (DataList's onDelete): deletes the rows, says how it
 * went — the first failure with the server's reason —, then refreshes.
 */
export function useBulkDelete() {
  const notice = useDeletionNotice();
  return useCallback(
    async <T>(
      rows: readonly T[],
      remove: (row: T) => Promise<unknown>,
      refresh: () => Promise<unknown>,
    ): Promise<void> => {
      notice(await deleteEach(rows, remove));
      await refresh();
    },
    [notice],
  );
}
