import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { createUser, userKeys, type UserInput } from '../features/management/api/users.ts';
import { errorText } from '../features/management/components/labels.ts';
import { UserForm } from '../features/management/components/user-form.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/management_/user/new')({
  staticData: {
    title: msg`New user`,
    back: '/users',
    trail: [{ title: msg`Users`, to: '/users' }],
  },
  validateSearch: (search): { org?: string } =>
    typeof search.org === 'string' ? { org: search.org } : {},
  component: NewUserPage,
});

function NewUserPage() {
  const { t, i18n } = useLingui();
  const { user: me } = Route.useRouteContext();
  const { org } = Route.useSearch();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (input: UserInput) => createUser(input),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      queryClient.setQueryData(userKeys.detail(created.uuid), created);
      notify(
        created.confirmationMailSent
          ? t`User created. A confirmation mail has been sent.`
          : t`User created, but the confirmation mail could not be sent.`,
        created.confirmationMailSent ? 'success' : 'error',
      );
      await navigate({ to: '/management/user/$id', params: { id: created.uuid } });
    },
    onError: (error) => notify(errorText(i18n, error, msg`Creation failed`), 'error'),
  });

  if (!hasPrivilege(me, 'user.create'))
    return <NotFound>{t`Your group may not create users.`}</NotFound>;
  return (
    <>
      <PageTitle>{t`New user`}</PageTitle>
      <UserForm
        admin
        myGroup={me.group.id}
        defaultOrg={org ?? me.org.uuid}
        saving={create.isPending}
        onSubmit={(input) => create.mutate(input)}
        onCancel={() => void navigate({ to: '/users' })}
      />
    </>
  );
}
