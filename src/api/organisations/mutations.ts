import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { Ok } from '../../../contracts/common.ts';
import type {
  Organisation,
  OrganisationCreate,
  OrganisationUpdate,
} from '../../../contracts/organisation.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { authKeys } from '../session/keys.ts';
import type { SignedInUser } from '../../../contracts/session.ts';
import { deleteEach } from '../delete-each.ts';
import { deviceKeys } from '../devices/keys.ts';
import { deviceTypeKeys } from '../device-types/keys.ts';
import { functionKeys } from '../functions/keys.ts';
import { registryKeys } from '../registries/keys.ts';
import { userKeys } from '../users/keys.ts';
import { organisationKeys } from './keys.ts';

const deleteOrganisation = (uuid: string) =>
  apiRequest<Static<typeof Ok>>('core', `/entity/organisation/${uuid}`, { method: 'DELETE' });

/**
 * Every list of organisations (pickers and sub-organisations included) and of
 * users refreshes: users show their organisation's name, lists their parent's.
 */
function listsChanged(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: organisationKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
  ]);
}

function saved(queryClient: QueryClient, organisation: Organisation) {
  queryClient.setQueryData(organisationKeys.detail(organisation.uuid), organisation);
  const own =
    queryClient.getQueryData<SignedInUser | null>(authKeys.user())?.org.uuid === organisation.uuid;
  return Promise.all([
    listsChanged(queryClient),
    queryClient.invalidateQueries({ queryKey: organisationKeys.metadata(organisation.uuid) }),
    own ? queryClient.invalidateQueries({ queryKey: authKeys.user() }) : undefined,
  ]);
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganisationCreate) =>
      apiRequest<Organisation>('core', '/entity/organisation', { method: 'POST', body: input }),
    onSuccess: (organisation) => saved(queryClient, organisation),
  });
}

/** Changes an organisation: its fields, its metadata, or its parent (a move). */
export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, changes }: { uuid: string; changes: OrganisationUpdate }) =>
      apiRequest<Organisation>('core', `/entity/organisation/${uuid}`, {
        method: 'PUT',
        body: changes,
      }),
    onSuccess: (organisation) =>
      Promise.all([saved(queryClient, organisation), ownedNamesChanged(queryClient)]),
  });
}

/**
 * Devices, registries, device types and functions show their organisation's
 * name: after a rename (or a move) their lists and details are read again.
 */
function ownedNamesChanged(queryClient: QueryClient) {
  return Promise.all(
    [deviceKeys.all, registryKeys.all, deviceTypeKeys.all, functionKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** Deletes several organisations (a list's selection, or one); answers which went and which were refused. */
export function useDeleteOrganisations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuids: readonly string[]) => deleteEach(uuids, deleteOrganisation),
    onSuccess: (outcome) => {
      for (const uuid of outcome.deleted)
        queryClient.removeQueries({ queryKey: organisationKeys.detail(uuid) });
      return listsChanged(queryClient);
    },
  });
}
