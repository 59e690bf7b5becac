import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  registryKeys,
  registryQuery,
  updateRegistry,
  type Registry,
  type RegistryInput,
} from '../features/registries/api/queries.ts';
import { RegistryForm } from '../features/registries/components/registry-form.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound, QueryView } from '../ui/detail.tsx';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/registry/$id_/edit')({
  staticData: {
    title: msg`Edit registry`,
    back: '/registries',
    trail: [{ title: msg`Registries`, to: '/registries' }],
  },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(registryQuery(entityId(params.id)));
    void context.queryClient.prefetchQuery(organisationChoicesQuery());
  },
  component: EditRegistryPage,
});

function EditRegistryPage() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const id = entityId(Route.useParams().id);
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const registry = useQuery(registryQuery(id));
  const orgs = useQuery(organisationChoicesQuery());
  const save = useMutation({
    mutationFn: ({ current, input }: { current: Registry; input: RegistryInput }) =>
      updateRegistry(current.id, {
        name: input.name,
        description: input.description,
        protocol: input.protocol,
        region: input.region,
        // Sent only when it changes: a move needs its own privilege.
        ...(input.orgUuid !== current.org.uuid && { orgUuid: input.orgUuid }),
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(registryKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: registryKeys.lists() });
      notify(t`Saved`, 'success');
      await navigate({ to: '/registry/$id', params: { id: String(saved.id) } });
    },
    onError: (error) => notify(error.message || t`Update failed`, 'error'),
  });

  if (!hasPrivilege(user, 'registry.modify')) {
    return (
      <NotFound>
        <Trans>Your group may not change registries.</Trans>
      </NotFound>
    );
  }
  return (
    <>
      <PageTitle>{t`Edit registry`}</PageTitle>
      <QueryView query={registry}>
        {(current) => (
          <QueryView query={orgs}>
            {(choices) => (
              <RegistryForm
                registry={current}
                orgs={choices}
                defaultOrg={current.org.uuid}
                canChooseOrg={hasPrivilege(user, 'registry.changeparent')}
                busy={save.isPending}
                error={save.error?.message}
                onSubmit={(input) => save.mutate({ current, input })}
                onCancel={() =>
                  void navigate({ to: '/registry/$id', params: { id: String(current.id) } })
                }
              />
            )}
          </QueryView>
        )}
      </QueryView>
    </>
  );
}
