import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  fullName,
  updateUser,
  userKeys,
  userQuery,
  type User,
  type UserInput,
} from '../features/management/api/users.ts';
import { errorText } from '../features/management/components/labels.ts';
import { userRights } from '../features/management/components/user-header.tsx';
import { UserForm } from '../features/management/components/user-form.tsx';
import { authKeys } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound, QueryView } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/management_/user/$id_/edit')({
  staticData: {
    title: msg`Edit user`,
    back: '/users',
    trail: [{ title: msg`Users`, to: '/users' }],
  },
  component: EditUserPage,
});

/** Only what changed among the administrative fields: an unchanged group would still end the user's sessions. */
function changes(user: User, input: UserInput): Partial<UserInput> {
  const { orgUuid, groupId, ...profile } = input;
  return {
    ...profile,
    ...(orgUuid !== undefined && orgUuid !== user.org.uuid ? { orgUuid } : {}),
    ...(groupId !== undefined && groupId !== user.group.id ? { groupId } : {}),
  };
}

function EditUserPage() {
  const { t, i18n } = useLingui();
  const { id } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const query = useQuery(userQuery(id));
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ user, input }: { user: User; input: UserInput }) =>
      updateUser(user.uuid, changes(user, input)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(userKeys.detail(saved.uuid), saved);
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      if (saved.uuid === me.uuid)
        await queryClient.invalidateQueries({ queryKey: authKeys.user() });
      notify(t`Saved`, 'success');
      await navigate({ to: '/management/user/$id', params: { id: saved.uuid } });
    },
    onError: (error) => notify(errorText(i18n, error, msg`Update failed`), 'error'),
  });

  return (
    <QueryView query={query}>
      {(user) => {
        const rights = userRights(me, user);
        const name = fullName(user);
        if (!rights.edit) return <NotFound>{t`Your group may not change this user.`}</NotFound>;
        return (
          <>
            <PageTitle>{t`Edit ${name}`}</PageTitle>
            <UserForm
              user={user}
              admin={rights.manage}
              myGroup={me.group.id}
              defaultOrg={user.org.uuid}
              saving={save.isPending}
              onSubmit={(input) => save.mutate({ user, input })}
              onCancel={() => void navigate({ to: '/management/user/$id', params: { id } })}
            />
          </>
        );
      }}
    </QueryView>
  );
}
