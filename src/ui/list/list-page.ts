import { useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { PageOf } from '../../../contracts/list.ts';
import { useBulkDelete } from './bulk-delete.ts';

/** DataList's props for a list query's page: its rows and total, loading, error and retry. */
export function listQueryProps<T>(list: UseQueryResult<PageOf<T>>) {
  return {
    rows: list.data?.items,
    total: list.data?.total ?? 0,
    loading: list.isPending,
    error: list.isError,
    onRetry: () => void list.refetch(),
  };
}

/**
 * DataList's bulk delete, for a user whose group may delete (none otherwise):
 * deletes each row, says how it went and refreshes what the deletion changed.
 */
export function useListDelete<T>(
  allowed: boolean,
  remove: (row: T) => Promise<unknown>,
  refresh: (queryClient: QueryClient) => Promise<unknown>,
): { onDelete?: (rows: T[]) => Promise<void> } {
  const bulkDelete = useBulkDelete();
  const queryClient = useQueryClient();
  if (!allowed) return {};
  return { onDelete: (rows) => bulkDelete(rows, remove, () => refresh(queryClient)) };
}
