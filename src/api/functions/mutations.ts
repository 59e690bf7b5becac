import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CloudFunction,
  CloudFunctionCreate,
  CloudFunctionUpdate,
} from '../../../contracts/cloud-function.ts';
import type { FunctionTestResult, FunctionTestRun } from '../../../contracts/function-test-run.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { authKeys } from '../session/keys.ts';
import { deleteEach } from '../delete-each.ts';
import { functionKeys } from './keys.ts';

const deleteFunction = (id: number) =>
  apiRequest<unknown>('functions', `/v2/cloudfunction/${id}`, { method: 'DELETE' });

function saved(queryClient: QueryClient, fn: CloudFunction) {
  queryClient.setQueryData(functionKeys.detail(fn.id), fn);
  return queryClient.invalidateQueries({ queryKey: functionKeys.lists() });
}

/** After a delete: the details go, the lists refresh, and so do the user's favourites (the server took them out). */
function deleted(queryClient: QueryClient, ids: readonly number[]) {
  for (const id of ids) queryClient.removeQueries({ queryKey: functionKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: authKeys.user() });
  return queryClient.invalidateQueries({ queryKey: functionKeys.lists() });
}

export function useCreateFunction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CloudFunctionCreate) =>
      apiRequest<CloudFunction>('functions', '/v2/cloudfunction', { method: 'POST', body: input }),
    onSuccess: (fn) => saved(queryClient, fn),
  });
}

export function useUpdateFunction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CloudFunctionUpdate) =>
      apiRequest<CloudFunction>('functions', '/v2/cloudfunction', { method: 'PUT', body: input }),
    onSuccess: (fn) => saved(queryClient, fn),
  });
}

export function useDeleteFunction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteFunction(id),
    onSuccess: (_answer, id) => deleted(queryClient, [id]),
  });
}

/** Deletes several functions (a list's selection); answers which went and which were refused. */
export function useDeleteFunctions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => deleteEach(ids, deleteFunction),
    onSuccess: (outcome) => deleted(queryClient, outcome.deleted),
  });
}

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
