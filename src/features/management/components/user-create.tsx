import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useCreateUser } from '../../../api/users/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { NotFound } from '../../../ui/detail.tsx';
import { errorText } from './labels.ts';
import { UserForm } from './user-form.tsx';

/** A new user, in `org` or else in one's own organisation; a confirmation mail goes out. */
export function UserCreate({ me, org }: { me: SignedInUser; org: string | undefined }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateUser();

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
        onSubmit={(input) =>
          create.mutate(
            { ...input, orgUuid: input.orgUuid ?? org ?? me.org.uuid },
            {
              onSuccess: (created) => {
                notify(
                  created.confirmationMailSent
                    ? t`User created. A confirmation mail has been sent.`
                    : t`User created, but the confirmation mail could not be sent.`,
                  created.confirmationMailSent ? 'success' : 'error',
                );
                void navigate({ to: '/management/user/$id', params: { id: created.uuid } });
              },
              onError: (error) => notify(errorText(i18n, error, msg`Creation failed`), 'error'),
            },
          )
        }
        onCancel={() => void navigate({ to: '/users' })}
      />
    </>
  );
}
