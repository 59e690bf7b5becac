import type { Registry, RegistryCreate, RegistryUpdate } from '../../../contracts/registry.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useDeleteEntities, useDeleteEntity, useSaveEntity } from '../entity-writes.ts';
import { registryKeys } from './keys.ts';

const deleteRegistry = (id: number) =>
  apiRequest<unknown>('core', `/v2/registry/${id}`, { method: 'DELETE' });

const createRegistry = (input: RegistryCreate) =>
  apiRequest<Registry>('core', '/v2/registry', { method: 'POST', body: input });

const updateRegistry = (input: RegistryUpdate) =>
  apiRequest<Registry>('core', '/v2/registry', { method: 'PUT', body: input });

export const useCreateRegistry = () => useSaveEntity(registryKeys, createRegistry);

export const useUpdateRegistry = () => useSaveEntity(registryKeys, updateRegistry);

export const useDeleteRegistry = () => useDeleteEntity(registryKeys, deleteRegistry);

/** Deletes several registries (a list's selection); answers which went and which were refused. */
export const useDeleteRegistries = () => useDeleteEntities(registryKeys, deleteRegistry);
