import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Ok } from '../../../contracts/common.ts';
import type {
  CreatedUser,
  PasswordChange,
  User,
  UserCreate,
  UserUpdate,
} from '../../../contracts/user.ts';
import type { Static } from 'typebox';
import { apiRequest } from '../../lib/api-client.ts';
import { authKeys } from '../session/keys.ts';
import type { SignedInUser } from '../../../contracts/session.ts';
import { fileToBase64 } from '../../lib/files.ts';
import { deleteEach } from '../delete-each.ts';
import { userKeys } from './keys.ts';

type OkAnswer = Static<typeof Ok>;

const isSignedIn = (queryClient: QueryClient, uuid: string) =>
  queryClient.getQueryData<SignedInUser | null>(authKeys.user())?.uuid === uuid;

/** A saved user is shown at once; the lists refresh, and so does the signed-in user when it was them. */
function saved(queryClient: QueryClient, user: User) {
  queryClient.setQueryData(userKeys.detail(user.uuid), user);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
    isSignedIn(queryClient, user.uuid)
      ? queryClient.invalidateQueries({ queryKey: authKeys.user() })
      : undefined,
  ]);
}

const deleteUser = (uuid: string) =>
  apiRequest<OkAnswer>('core', `/entity/user/${uuid}`, { method: 'DELETE' });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserCreate) =>
      apiRequest<CreatedUser>('core', '/entity/user', { method: 'POST', body: input }),
    onSuccess: (created) => saved(queryClient, created),
  });
}

/**
 * Changes a user: profile, organisation (a move), group, active, or lifting a
 * sign-in suspension (`loginSuspended: false`).
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, changes }: { uuid: string; changes: UserUpdate }) =>
      apiRequest<User>('core', `/entity/user/${uuid}`, { method: 'PUT', body: changes }),
    onSuccess: (user) => saved(queryClient, user),
  });
}

/** Deletes several users (a list's selection, or one); answers which went and which were refused. */
export function useDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuids: readonly string[]) => deleteEach(uuids, deleteUser),
    onSuccess: (outcome) => {
      for (const uuid of outcome.deleted)
        queryClient.removeQueries({ queryKey: userKeys.detail(uuid) });
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (uuid: string) =>
      apiRequest<OkAnswer>('core', `/entity/user/${uuid}/resendconfirmmail`, {
        method: 'POST',
        body: {},
      }),
  });
}

/** One's own password; the server then ends every session, so nothing cached is refreshed here. */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ uuid, ...body }: PasswordChange & { uuid: string }) =>
      apiRequest<OkAnswer>('core', `/entity/user/${uuid}/setpassword`, { method: 'POST', body }),
  });
}

/** Uploads a user's profile picture; the answer is the user with its new image address. */
export function useUploadUserImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ uuid, file }: { uuid: string; file: File }) =>
      apiRequest<User>('core', `/entity/user/${uuid}/image`, {
        method: 'PUT',
        body: { contentType: file.type, data: await fileToBase64(file) },
      }),
    onSuccess: (user) => saved(queryClient, user),
  });
}

export function useRemoveUserImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiRequest<User>('core', `/entity/user/${uuid}/image`, { method: 'DELETE' }),
    onSuccess: (user) => saved(queryClient, user),
  });
}
