import type { FunctionType } from '../../../contracts/cloud-function.ts';
import type { ListQuery } from '../list-query.ts';

/** The filters the cloud functions list takes (GET /v2/cloudfunctions). */
export type FunctionFilters = { type?: FunctionType; orgUuid?: string };

export const functionKeys = {
  all: ['cloudfunctions'] as const,
  lists: () => [...functionKeys.all, 'list'] as const,
  list: (query: ListQuery<FunctionFilters>) => [...functionKeys.lists(), query] as const,
  choices: (filters: FunctionFilters) =>
    [...functionKeys.lists(), { choices: true, ...filters }] as const,
  details: () => [...functionKeys.all, 'detail'] as const,
  detail: (id: number) => [...functionKeys.details(), id] as const,
};
