import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { Ok } from '../../../contracts/common.ts';
import type { ApiTokenCreate, CreatedApiToken } from '../../../contracts/token.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { deleteEach } from '../delete-each.ts';
import { tokenKeys } from './keys.ts';

/** One call per token, as the spec has it. */
const deleteToken = (id: number) =>
  apiRequest<Static<typeof Ok>>('api', `/deletetoken/${id}`, { method: 'POST', body: {} });

/** Makes a token; the answer holds its secret, shown this once. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenCreate) =>
      apiRequest<CreatedApiToken>('api', '/generateToken', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.lists() }),
  });
}

/** Deletes several tokens: each stops working at once. Answers which went and which were refused. */
export function useDeleteTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => deleteEach(ids, deleteToken),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.lists() }),
  });
}
