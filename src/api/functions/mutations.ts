import { useMutation } from '@tanstack/react-query';
import type {
  CloudFunction,
  CloudFunctionCreate,
  CloudFunctionUpdate,
} from '../../../contracts/cloud-function.ts';
import type { FunctionTestResult, FunctionTestRun } from '../../../contracts/function-test-run.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { entityWrites } from '../entity-writes.ts';
import { functionKeys } from './keys.ts';

const writes = entityWrites<CloudFunction, CloudFunctionCreate, CloudFunctionUpdate>(
  functionKeys,
  'functions',
  '/v2/cloudfunction',
);

export const useCreateFunction = writes.useCreate;

export const useUpdateFunction = writes.useUpdate;

export const useDeleteFunction = writes.useDelete;

/** Deletes several functions (a list's selection); answers which went and which were refused. */
export const useDeleteFunctions = writes.useDeleteMany;

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
