import type { CloudFunction, CloudFunctionSummary } from '../../../contracts/cloud-function.ts';
import { entityReads } from '../entity-reads.ts';
import { functionKeys, type FunctionFilters } from './keys.ts';

const reads = entityReads<CloudFunction, FunctionFilters, CloudFunctionSummary>(
  functionKeys,
  'functions',
  { list: '/v2/cloudfunctions', entity: '/v2/cloudfunction' },
);

export const functionListQuery = reads.list;

export const functionQuery = reads.entity;

/** Every function the user can see (of a type, e.g. the decoders), by name, for a picker. */
export const functionChoicesQuery = (filters: FunctionFilters = {}) => reads.choices(filters);
