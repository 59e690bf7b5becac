import type { Registry, RegistryCreate, RegistryUpdate } from '../../../contracts/registry.ts';
import { entityWrites } from '../entity-writes.ts';
import { registryKeys } from './keys.ts';

const writes = entityWrites<Registry, RegistryCreate, RegistryUpdate>(
  registryKeys,
  'core',
  '/v2/registry',
);

export const useCreateRegistry = writes.useCreate;

export const useUpdateRegistry = writes.useUpdate;

export const useDeleteRegistry = writes.useDelete;

/** Deletes several registries (a list's selection); answers which went and which were refused. */
export const useDeleteRegistries = writes.useDeleteMany;
