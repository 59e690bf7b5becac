import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notifications.ts';

/**
 * What a failed delete says: the general text, with the server's reason when
 * it gave one ('Deletion failed: Registry still has devices').
 */
export function deletionFailedText(general: string, error: unknown): string {
  // Only an answer has a reason; a request without one (NetworkError) has none to add.
  return error instanceof ApiError && error.message ? `${general}: ${error.message}` : general;
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
