import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { createOrg, orgKeys, type OrganisationInput } from '../features/management/api/orgs.ts';
import { errorText } from '../features/management/components/labels.ts';
import { OrgForm } from '../features/management/components/org-form.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/management_/org/new')({
  staticData: {
    title: msg`New organisation`,
    back: '/orgs',
    trail: [{ title: msg`Organisations`, to: '/orgs' }],
  },
  validateSearch: (search): { parent?: string } =>
    typeof search.parent === 'string' ? { parent: search.parent } : {},
  component: NewOrgPage,
});

function NewOrgPage() {
  const { t, i18n } = useLingui();
  const { user: me } = Route.useRouteContext();
  const { parent } = Route.useSearch();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (input: OrganisationInput) => createOrg(input),
    onSuccess: async (created) => {
      queryClient.setQueryData(orgKeys.detail(created.uuid), created);
      await queryClient.invalidateQueries({ queryKey: orgKeys.lists() });
      notify(t`Created`, 'success');
      await navigate({ to: '/management/org/$id', params: { id: created.uuid } });
    },
    onError: (error) => notify(errorText(i18n, error, msg`Creation failed`), 'error'),
  });

  if (!hasPrivilege(me, 'org.create'))
    return <NotFound>{t`Your group may not create organisations.`}</NotFound>;
  return (
    <>
      <PageTitle>{t`New organisation`}</PageTitle>
      <OrgForm
        defaultParent={parent ?? me.org.uuid}
        parentLocked={false}
        saving={create.isPending}
        onSubmit={(input) => create.mutate(input)}
        onCancel={() => void navigate({ to: '/orgs' })}
      />
    </>
  );
}
