import type { UseQueryResult } from '@tanstack/react-query';
import type { PageOf } from '../../../contracts/list.ts';

/** DataList's props for a list query's page: its rows and total, loading, error and retry. */
export function listQueryProps<T>(list: UseQueryResult<PageOf<T>>) {
  return {
    rows: list.data?.items,
    total: list.data?.total ?? 0,
    loading: list.isPending,
    error: list.error,
    onRetry: () => void list.refetch(),
  };
}
