import type { Registry } from '../../../contracts/registry.ts';
import { entityReads } from '../entity-reads.ts';
import { registryKeys, type RegistryFilters } from './keys.ts';

const reads = entityReads<Registry, RegistryFilters>(registryKeys, 'core', {
  list: '/v2/registries',
  entity: '/v2/registry',
});

export const registryListQuery = reads.list;

export const registryQuery = reads.entity;

/** Every registry the user can see, by name, for a picker. */
export const registryChoicesQuery = () => reads.choices({});
