import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { Button } from '../../../ui/button.tsx';
import { DetailHeader } from '../../../ui/detail.tsx';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
import { TabBar } from '../../../ui/tabs.tsx';
import type { Organisation } from '../../../../contracts/organisation.ts';
import { OrgDeleteDialog } from './org-delete-dialog.tsx';
import { orgFavourite } from './org-list.tsx';
import { useDeleteOrgs } from './use-delete-orgs.ts';

/** What the signed-in person may do with this organisation (never their own organisation's removal). */
export function orgRights(me: SignedInUser, org: Organisation) {
  const own = me.org.uuid === org.uuid;
  return {
    own,
    edit: hasPrivilege(me, 'org.modify'),
    create: hasPrivilege(me, 'org.create'),
    remove: !own && hasPrivilege(me, 'org.delete'),
  };
}

export function OrgHeader({ me, org }: { me: SignedInUser; org: Organisation }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const deleteOrgs = useDeleteOrgs();
  const rights = orgRights(me, org);
  const [deleting, setDeleting] = useState<'ask' | 'busy' | null>(null);
  const base = `/management/org/${org.uuid}`;
  return (
    <>
      <DetailHeader
        title={org.name}
        star={<FavouriteStar entity={orgFavourite(org)} />}
        subtitle={[org.nickname, org.parent?.name].filter(Boolean).join(' · ') || undefined}
        actions={
          <>
            {rights.edit ? (
              <Button
                onClick={() =>
                  void navigate({ to: '/management/org/$id/edit', params: { id: org.uuid } })
                }
              >
                <Pencil size={18} aria-hidden />
                {t`Edit`}
              </Button>
            ) : null}
            {rights.create ? (
              <Button
                $variant="secondary"
                onClick={() =>
                  void navigate({ to: '/management/org/new', search: { parent: org.uuid } })
                }
              >
                <Plus size={18} aria-hidden />
                {t`New sub-organisation`}
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
        label={t`Organisation`}
        tabs={[
          { to: base, label: t`Details` },
          { to: `${base}/suborgs`, label: t`Sub-organisations` },
          { to: `${base}/users`, label: t`Users` },
          { to: `${base}/devices`, label: t`Devices` },
          { to: `${base}/metadata`, label: t`Metadata` },
        ]}
      />
      <OrgDeleteDialog
        open={deleting !== null}
        items={[org.name]}
        busy={deleting === 'busy'}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          setDeleting('busy');
          void deleteOrgs([org.uuid]).then((deleted) => {
            setDeleting(null);
            if (deleted.length === 1) void navigate({ to: '/orgs' });
          });
        }}
      />
    </>
  );
}
