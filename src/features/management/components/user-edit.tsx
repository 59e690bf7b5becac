import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { User, UserUpdate } from '../../../../contracts/user.ts';
import { useUpdateUser } from '../../../api/users/mutations.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { NotFound } from '../../../ui/detail.tsx';
import { errorText } from './labels.ts';
import { userRights } from './user-header.tsx';
import { UserForm } from './user-form.tsx';
import type { UserFields } from './user-form-model.ts';
import { fullName } from './user-name.ts';

/** Only what changed among the administrative fields: an unchanged group would still end the user's sessions. */
function changes(user: User, input: UserFields): UserUpdate {
  const { orgUuid, groupId, ...profile } = input;
  return {
    ...profile,
    ...(orgUuid !== undefined && orgUuid !== user.org.uuid ? { orgUuid } : {}),
    ...(groupId !== undefined && groupId !== user.group.id ? { groupId } : {}),
  };
}

export function UserEdit({ me, user }: { me: SignedInUser; user: User }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const save = useUpdateUser();
  const rights = userRights(me, user);
  const name = fullName(user);
  const show = () => navigate({ to: '/management/user/$id', params: { id: user.uuid } });

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
        onSubmit={(input) =>
          save.mutate(
            { uuid: user.uuid, changes: changes(user, input) },
            {
              onSuccess: () => {
                notify(t`Saved`, 'success');
                void show();
              },
              onError: (error) => notify(errorText(i18n, error, msg`Update failed`), 'error'),
            },
          )
        }
        onCancel={() => void show()}
      />
    </>
  );
}
