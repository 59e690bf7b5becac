import { useMutation } from '@tanstack/react-query';
import type {
  CloudFunction,
  CloudFunctionCreate,
  CloudFunctionUpdate,
} from '../../../contracts/cloud-function.ts';
import type { FunctionTestResult, FunctionTestRun } from '../../../contracts/function-test-run.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useDeleteEntities, useDeleteEntity, useSaveEntity } from '../entity-writes.ts';
import { functionKeys } from './keys.ts';

const deleteFunction = (id: number) =>
  apiRequest<unknown>('functions', `/v2/cloudfunction/${id}`, { method: 'DELETE' });

const createFunction = (input: CloudFunctionCreate) =>
  apiRequest<CloudFunction>('functions', '/v2/cloudfunction', { method: 'POST', body: input });

const updateFunction = (input: CloudFunctionUpdate) =>
  apiRequest<CloudFunction>('functions', '/v2/cloudfunction', { method: 'PUT', body: input });

export const useCreateFunction = () => useSaveEntity(functionKeys, createFunction);

export const useUpdateFunction = () => useSaveEntity(functionKeys, updateFunction);

export const useDeleteFunction = () => useDeleteEntity(functionKeys, deleteFunction);

/** Deletes several functions (a list's selection); answers which went and which were refused. */
export const useDeleteFunctions = () => useDeleteEntities(functionKeys, deleteFunction);

/**
 * Runs code once against a sample input in the server's sandbox (time and
 * memory limited). It changes nothing stored, so nothing is refreshed.
 */
export function useTestRunFunction() {
  return useMutation({
    mutationFn: (run: FunctionTestRun) =>
      apiRequest<FunctionTestResult>('functions', '/v2/cloudfunction/test', {
        method: 'POST',
        body: run,
      }),
  });
}
