import type { CloudFunctionListQuery } from '../../../contracts/cloud-function.ts';
import type { ListQuery } from '../list-query.ts';

/** The filters the cloud functions list takes (GET /v2/cloudfunctions). */
export type FunctionFilters = Pick<CloudFunctionListQuery, 'type' | 'orgUuid'>;

export const functionKeys = {
  all: ['cloudfunctions'] as const,
  lists: () => [...functionKeys.all, 'list'] as const,
  list: (query: ListQuery<FunctionFilters>) => [...functionKeys.lists(), query] as const,
  choices: (filters: FunctionFilters) =>
    [...functionKeys.lists(), { choices: true, ...filters }] as const,
  details: () => [...functionKeys.all, 'detail'] as const,
  detail: (id: number) => [...functionKeys.details(), id] as const,
};
