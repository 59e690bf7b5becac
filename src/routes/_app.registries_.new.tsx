import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  createRegistry,
  registryKeys,
  type RegistryInput,
} from '../features/registries/api/queries.ts';
import { RegistryForm } from '../features/registries/components/registry-form.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound, QueryView } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/registries_/new')({
  staticData: {
    title: msg`New registry`,
    back: '/registries',
    trail: [{ title: msg`Registries`, to: '/registries' }],
  },
  loader: ({ context }) => void context.queryClient.prefetchQuery(organisationChoicesQuery()),
  component: NewRegistryPage,
});

function NewRegistryPage() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const orgs = useQuery(organisationChoicesQuery());
  const save = useMutation({
    mutationFn: (input: RegistryInput) => createRegistry(input),
    onSuccess: async (registry) => {
      queryClient.setQueryData(registryKeys.detail(registry.id), registry);
      await queryClient.invalidateQueries({ queryKey: registryKeys.lists() });
      notify(t`Created`, 'success');
      await navigate({ to: '/registry/$id', params: { id: String(registry.id) } });
    },
    onError: (error) => notify(error.message || t`Creation failed`, 'error'),
  });

  if (!hasPrivilege(user, 'registry.create')) {
    return (
      <NotFound>
        <Trans>Your group may not create registries.</Trans>
      </NotFound>
    );
  }
  return (
    <>
      <PageTitle>{t`New registry`}</PageTitle>
      <QueryView query={orgs}>
        {(choices) => (
          <RegistryForm
            orgs={choices}
            defaultOrg={user.org.uuid}
            canChooseOrg
            busy={save.isPending}
            error={save.error?.message}
            onSubmit={(input) => save.mutate(input)}
            onCancel={() => void navigate({ href: '/registries' })}
          />
        )}
      </QueryView>
    </>
  );
}
