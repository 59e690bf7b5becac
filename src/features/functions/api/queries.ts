import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listQueryString, type Page, type ListState } from '../../../lib/list-search.ts';

/** The function types and data types of server/schemas/cloud-function.ts. */
export const functionTypes = ['decoder', 'external', 'function', 'inbound', 'outbound'] as const;
export type FunctionType = (typeof functionTypes)[number];
export const dataTypes = ['timeseries', 'average'] as const;
export type DataType = (typeof dataTypes)[number];
export const keyTypes = ['value', 'integer', 'boolean', 'string', 'array'] as const;
export type KeyType = (typeof keyTypes)[number];

export const isFunctionType = (value: unknown): value is FunctionType =>
  typeof value === 'string' && (functionTypes as readonly string[]).includes(value);

/** What a metadata value or default may hold (the server's Scalar). */
export type Scalar = string | number | boolean | null;

export interface DataKey {
  key: string;
  name?: string;
  type?: KeyType;
  unit?: string;
}

export interface MetadataEntry {
  key: string;
  value?: Scalar;
  default?: Scalar;
}

export interface CloudFunctionSummary {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  type: FunctionType;
  org: { uuid: string; name: string };
  dataKeys: DataKey[];
  metadata: MetadataEntry[];
  dataType: DataType;
  codeSize: number;
  created: string;
  modified: string;
}

export interface CloudFunction extends CloudFunctionSummary {
  code: string;
}

/** The body of a create; an update adds the id. */
export interface CloudFunctionInput {
  name: string;
  description: string | null;
  type: FunctionType;
  dataType: DataType;
  code: string;
  dataKeys: DataKey[];
  metadata: MetadataEntry[];
}

export const functionKeys = {
  all: ['cloudfunctions'] as const,
  lists: () => [...functionKeys.all, 'list'] as const,
  list: (state: ListState) => [...functionKeys.lists(), state] as const,
  details: () => [...functionKeys.all, 'detail'] as const,
  detail: (id: number) => [...functionKeys.details(), id] as const,
};

/** The list's state with only the filters the API takes (a bad type from the URL is dropped). */
export function functionListState(state: ListState): ListState {
  const type = state.filters?.type;
  const { filters: _filters, ...rest } = state;
  return isFunctionType(type) ? { ...rest, filters: { type } } : rest;
}

export const functionListQuery = (state: ListState) => {
  const sent = functionListState(state);
  return queryOptions({
    queryKey: functionKeys.list(sent),
    queryFn: ({ signal }) =>
      apiRequest<Page<CloudFunctionSummary>>(
        'functions',
        `/v2/cloudfunctions?${listQueryString(sent)}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
};

export const functionQuery = (id: number) =>
  queryOptions({
    queryKey: functionKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest<CloudFunction>('functions', `/v2/cloudfunction/${id}`, { signal }),
  });

export const createFunction = (input: CloudFunctionInput) =>
  apiRequest<CloudFunction>('functions', '/v2/cloudfunction', { method: 'POST', body: input });

export const updateFunction = (id: number, input: CloudFunctionInput) =>
  apiRequest<CloudFunction>('functions', '/v2/cloudfunction', {
    method: 'PUT',
    body: { id, ...input },
  });

export const deleteFunction = (id: number) =>
  apiRequest<{ ok: boolean }>('functions', `/v2/cloudfunction/${id}`, { method: 'DELETE' });
