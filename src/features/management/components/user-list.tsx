import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { UserPlus } from 'lucide-react';
import { useMemo } from 'react';
import styled from 'styled-components';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
import { useDeletionNotice } from '../../../ui/list/bulk-delete.ts';
import type { ListState } from '../../../lib/list-search.ts';
import { DataList, type FilterField } from '../../../ui/list/data-list.tsx';
import type { User } from '../../../../contracts/user.ts';
import { organisationListQuery } from '../../../api/organisations/queries.ts';
import { useDeleteUsers } from '../../../api/users/mutations.ts';
import { userListQuery } from '../../../api/users/queries.ts';
import { userPage } from './list-pages.ts';
import { fullName } from './user-name.ts';
import { groupLabels } from './labels.ts';
import { userRights } from './user-header.tsx';

const UserCard = styled(Card)`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: 4px 12px;
  padding: 14px;
  cursor: pointer;
  strong,
  span {
    overflow-wrap: anywhere;
  }
  span {
    grid-column: 2 / 4;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }
`;

const NameCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const favourite = (u: User) => ({
  type: 'user' as const,
  id: u.uuid,
  name: fullName(u),
  description: u.email,
  org: u.org.name,
});

/** Every user the caller can see: search, sort, pages, cards, export and (for managers) delete. */
export function UserList({
  me,
  state,
  onStateChange,
  rows,
  newUserOrg,
}: {
  me: SignedInUser;
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
  /** A given set (one organisation's users) instead of every user the caller can see. */
  rows?: {
    data: User[] | undefined;
    isPending: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  /** The organisation a new user starts in. */
  newUserOrg?: string;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const deleteUsers = useDeleteUsers();
  const deletionNotice = useDeletionNotice();
  const all = useQuery({ ...userListQuery(), enabled: !rows });
  const list = rows ?? all;
  const page = useMemo(
    () => (list.data ? userPage(list.data, state) : undefined),
    [list.data, state],
  );
  const orgs = useQuery({ ...organisationListQuery(), enabled: !rows });
  const filterFields: FilterField[] = [
    {
      id: 'group',
      label: t`Group`,
      options: ([1, 2, 3] as const).map((id) => ({
        value: String(id),
        label: i18n._(groupLabels[id]),
      })),
    },
    {
      id: 'org',
      label: t`Organisation`,
      options: (orgs.data ?? []).map((o) => ({ value: o.uuid, label: o.name })),
    },
  ];
  const open = (u: User) => void navigate({ to: '/management/user/$id', params: { id: u.uuid } });

  const columns = useMemo<ColumnDef<User, unknown>[]>(
    () => [
      {
        id: 'favourite',
        header: () => <span className="visually-hidden">{t`Favourite`}</span>,
        enableSorting: false,
        size: 48,
        cell: ({ row }) => <FavouriteStar entity={favourite(row.original)} />,
      },
      {
        id: 'name',
        header: t`Name`,
        accessorFn: (u) => fullName(u),
        cell: ({ row }) => (
          <NameCell>
            <Avatar
              email={row.original.email}
              name={fullName(row.original)}
              img={row.original.img}
              size={28}
            />
            {fullName(row.original)}
          </NameCell>
        ),
      },
      { id: 'email', header: t`E-mail`, accessorKey: 'email' },
      { id: 'org', header: t`Organisation`, accessorFn: (u) => u.org.name },
      { id: 'group', header: t`Group`, accessorFn: (u) => i18n._(groupLabels[u.group.id]) },
      {
        id: 'lastSignIn',
        header: t`Last sign-in`,
        accessorFn: (u) =>
          u.lastSignIn ? formatDateTime(u.lastSignIn) : u.confirmed ? '' : t`Not confirmed`,
      },
      { id: 'created', header: t`Created`, accessorFn: (u) => formatDate(u.created) },
    ],
    [t, i18n],
  );

  return (
    <DataList
      title={t`Users`}
      columns={columns}
      rows={page?.items}
      total={page?.total ?? 0}
      getId={(u) => u.uuid}
      getLabel={(u) => `${fullName(u)} (${u.email})`}
      state={state}
      onStateChange={onStateChange}
      {...(rows ? {} : { listKey: 'users' as const, filterFields })}
      loading={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      onOpen={open}
      renderCard={(u) => (
        <UserCard onClick={() => open(u)}>
          <Avatar email={u.email} name={fullName(u)} img={u.img} size={40} />
          <strong>{fullName(u)}</strong>
          <FavouriteStar entity={favourite(u)} />
          <span>{u.email}</span>
          <span>
            {u.org.name} · {i18n._(groupLabels[u.group.id])}
          </span>
        </UserCard>
      )}
      exportRow={(u) => ({
        uuid: u.uuid,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        organisation: u.org.name,
        group: u.group.name,
        phone: u.phone,
        mobile: u.mobile,
        position: u.position,
        active: u.active,
        lastSignIn: u.lastSignIn,
        created: u.created,
      })}
      actions={
        hasPrivilege(me, 'user.create') ? (
          <Button
            onClick={() =>
              void navigate({
                to: '/management/user/new',
                search: newUserOrg ? { org: newUserOrg } : {},
              })
            }
          >
            <UserPlus size={18} aria-hidden />
            {t`New user`}
          </Button>
        ) : null
      }
      {...(hasPrivilege(me, 'user.delete')
        ? {
            canDelete: (u: User) => userRights(me, u).remove,
            onDelete: async (selected: User[]) => {
              const outcome = await deleteUsers.mutateAsync(selected.map((u) => u.uuid));
              deletionNotice(outcome.failures);
            },
          }
        : {})}
    />
  );
}
