import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import styled from 'styled-components';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { countryName } from '../../../lib/countries.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeOf } from '../../../lib/i18n.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
import type { ListState } from '../../../lib/list-search.ts';
import { DataList, type FilterField } from '../../../ui/list/data-list.tsx';
import type { Organisation } from '../../../../contracts/organisation.ts';
import { organisationListQuery } from '../../../api/organisations/queries.ts';
import { orgPage } from './list-pages.ts';
import { OrgDeleteDialog } from './org-delete-dialog.tsx';
import { useDeleteOrgs } from './use-delete-orgs.ts';

const OrgCard = styled(Card)`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 12px;
  padding: 14px;
  cursor: pointer;
  strong {
    overflow-wrap: anywhere;
  }
  span {
    grid-column: 1 / 3;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }
`;

export const orgFavourite = (o: Organisation) => ({
  type: 'org' as const,
  id: o.uuid,
  name: o.name,
  description: [o.address, o.city].filter(Boolean).join(', ') || null,
  org: o.parent?.name ?? null,
});

/**
 * Organisations the caller can see, or (with `rows`) a given set such as one
 * organisation's sub-organisations.
 */
export function OrgList({
  me,
  state,
  onStateChange,
  rows,
}: {
  me: SignedInUser;
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
  rows?: {
    data: Organisation[] | undefined;
    isPending: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
}) {
  const { t, i18n } = useLingui();
  const language = localeOf(i18n.locale);
  const navigate = useNavigate();
  const deleteOrgs = useDeleteOrgs();
  const all = useQuery({ ...organisationListQuery(), enabled: !rows });
  const source = rows ?? all;
  const page = useMemo(
    () => (source.data ? orgPage(source.data, state, language) : undefined),
    [source.data, state, language],
  );
  const filterFields: FilterField[] = [
    {
      id: 'parent',
      label: t`Parent organisation`,
      options: (all.data ?? [])
        .filter((o) => all.data?.some((child) => child.parent?.uuid === o.uuid))
        .map((o) => ({ value: o.uuid, label: o.name })),
    },
    {
      id: 'country',
      label: t`Country`,
      options: [...new Set((all.data ?? []).flatMap((o) => (o.country ? [o.country] : [])))]
        .map((country) => ({ value: country, label: countryName(country, language) }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    },
  ];
  const open = (o: Organisation) =>
    void navigate({ to: '/management/org/$id', params: { id: o.uuid } });

  const columns = useMemo<ColumnDef<Organisation, unknown>[]>(
    () => [
      {
        id: 'favourite',
        header: () => <span className="visually-hidden">{t`Favourite`}</span>,
        enableSorting: false,
        cell: ({ row }) => <FavouriteStar entity={orgFavourite(row.original)} />,
      },
      { id: 'name', header: t`Name`, accessorKey: 'name' },
      { id: 'parent', header: t`Parent organisation`, accessorFn: (o) => o.parent?.name ?? '' },
      { id: 'city', header: t`City`, accessorFn: (o) => o.city ?? '' },
      {
        id: 'country',
        header: t`Country`,
        accessorFn: (o) => (o.country ? countryName(o.country, language) : ''),
      },
      { id: 'devices', header: t`Devices`, accessorFn: (o) => o.counts.devices },
      { id: 'created', header: t`Created`, accessorFn: (o) => formatDate(o.created) },
    ],
    [t, language],
  );

  return (
    <DataList
      title={t`Organisations`}
      columns={columns}
      rows={page?.items}
      total={page?.total ?? 0}
      getId={(o) => o.uuid}
      getLabel={(o) => o.name}
      state={state}
      onStateChange={onStateChange}
      {...(rows ? {} : { listKey: 'orgs' as const, filterFields })}
      loading={source.isPending}
      error={source.error}
      onRetry={() => void source.refetch()}
      onOpen={open}
      renderCard={(o) => (
        <OrgCard onClick={() => open(o)}>
          <strong>{o.name}</strong>
          <FavouriteStar entity={orgFavourite(o)} />
          <span>{[o.address, o.zip, o.city].filter(Boolean).join(', ') || '–'}</span>
          <span>{o.parent?.name ?? ''}</span>
        </OrgCard>
      )}
      exportRow={(o) => ({
        uuid: o.uuid,
        name: o.name,
        nickname: o.nickname,
        parent: o.parent?.name ?? null,
        address: o.address,
        zip: o.zip,
        city: o.city,
        region: o.region,
        country: o.country,
        website: o.website,
        taxNumber: o.taxNumber,
        eanNumber: o.eanNumber,
        devices: o.counts.devices,
        projects: o.counts.projects,
        collections: o.counts.collections,
        created: o.created,
      })}
      actions={
        hasPrivilege(me, 'org.create') ? (
          <Button onClick={() => void navigate({ to: '/management/org/new', search: {} })}>
            <Plus size={18} aria-hidden />
            {t`New organisation`}
          </Button>
        ) : null
      }
      {...(hasPrivilege(me, 'org.delete')
        ? {
            deleteDialog: OrgDeleteDialog,
            // One's own organisation is never deleted from inside it.
            canDelete: (o: Organisation) => o.uuid !== me.org.uuid,
            onDelete: async (selected: Organisation[]) => {
              await deleteOrgs(selected.map((o) => o.uuid));
            },
          }
        : {})}
    />
  );
}
