import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { KeyRound, Mail, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { signOut } from '../../../api/session/mutations.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { DetailHeader } from '../../../ui/detail.tsx';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
import { TabBar } from '../../../ui/tabs.tsx';
import { DeleteDialog } from '../../../ui/list/delete-dialog.tsx';
import type { User } from '../../../../contracts/user.ts';
import { useDeleteUsers, useResendConfirmation } from '../../../api/users/mutations.ts';
import { errorText, groupLabels } from './labels.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { fullName } from './user-name.ts';

/** What the signed-in person may do with this user (docs/access.md): never more than the API allows. */
export function userRights(me: SignedInUser, user: User) {
  const self = me.uuid === user.uuid;
  // A user with more rights than mine (a lower group id) can be seen, never changed.
  const withinRank = user.group.id >= me.group.id;
  const modify = withinRank && hasPrivilege(me, 'user.modify');
  return {
    self,
    edit: self || modify,
    manage: !self && modify,
    remove: !self && withinRank && hasPrivilege(me, 'user.delete'),
  };
}

/** A user's page heading, actions and tabs (profile, access, favourites). */
export function UserHeader({ me, user }: { me: SignedInUser; user: User }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const rights = userRights(me, user);
  const [deleting, setDeleting] = useState<'ask' | 'busy' | null>(null);
  const [password, setPassword] = useState(false);
  const name = fullName(user);

  const resendConfirmation = useResendConfirmation();
  const deleteUsers = useDeleteUsers();

  const resend = () =>
    resendConfirmation.mutate(user.uuid, {
      onSuccess: () => notify(t`The confirmation mail has been sent again`, 'success'),
      onError: (error) => notify(errorText(i18n, error, msg`Error`), 'error'),
    });
  const remove = () => {
    setDeleting('busy');
    void deleteUsers.mutateAsync([user.uuid]).then(async ({ failures }) => {
      setDeleting(null);
      if (failures.length > 0) {
        notify(errorText(i18n, failures[0], msg`Deletion failed`), 'error');
        return;
      }
      notify(t`Deleted`, 'success');
      await navigate({ to: '/users' });
    });
  };

  return (
    <>
      <DetailHeader
        title={
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
            <Avatar email={user.email} name={name} img={user.img} size={40} />
            {name}
          </span>
        }
        star={
          <FavouriteStar
            entity={{
              type: 'user',
              id: user.uuid,
              name,
              description: user.email,
              org: user.org.name,
            }}
          />
        }
        subtitle={`${user.email} · ${user.org.name} · ${i18n._(groupLabels[user.group.id])}`}
        actions={
          <>
            {rights.edit ? (
              <Button
                onClick={() =>
                  void navigate({ to: '/management/user/$id/edit', params: { id: user.uuid } })
                }
              >
                <Pencil size={18} aria-hidden />
                {t`Edit`}
              </Button>
            ) : null}
            {rights.self ? (
              <Button $variant="secondary" onClick={() => setPassword(true)}>
                <KeyRound size={18} aria-hidden />
                {t`Change password`}
              </Button>
            ) : null}
            {rights.manage && !user.confirmed ? (
              <Button $variant="secondary" onClick={resend}>
                <Mail size={18} aria-hidden />
                {t`Resend confirmation mail`}
              </Button>
            ) : null}
            {rights.remove ? (
              <Button $variant="danger" onClick={() => setDeleting('ask')}>
                <Trash2 size={18} aria-hidden />
                {t`Delete`}
              </Button>
            ) : null}
          </>
        }
      />
      <TabBar
        label={t`User`}
        tabs={[
          { to: `/management/user/${user.uuid}`, label: t`Profile` },
          { to: `/management/user/${user.uuid}/access`, label: t`Access` },
          { to: `/management/user/${user.uuid}/favourites`, label: t`Favourites` },
        ]}
      />
      <DeleteDialog
        open={deleting !== null}
        items={[`${name} (${user.email})`]}
        busy={deleting === 'busy'}
        onCancel={() => setDeleting(null)}
        onConfirm={remove}
      />
      {rights.self ? (
        <PasswordDialog
          userUuid={user.uuid}
          open={password}
          onClose={() => setPassword(false)}
          onChanged={() => {
            setPassword(false);
            notify(t`Password changed. Sign in with the new password.`, 'success');
            void signOut(queryClient).then(() => navigate({ to: '/login' }));
          }}
        />
      ) : null}
    </>
  );
}
