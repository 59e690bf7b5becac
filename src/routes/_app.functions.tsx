import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import styled from 'styled-components';
import {
  deleteFunction,
  functionKeys,
  functionListQuery,
  functionTypes,
  type CloudFunctionSummary,
} from '../features/functions/api/queries.ts';
import { functionTypeLabels } from '../features/functions/components/labels.ts';
import { hasPrivilege } from '../lib/current-user.ts';
import { formatDate } from '../lib/format.ts';
import { validateListSearch, type ListSearch, type ListState } from '../lib/list-search.ts';
import { Button } from '../ui/button.tsx';
import { PageTitle } from '../ui/card.tsx';
import { FavouriteStar } from '../ui/favourite-star.tsx';
import { DataList } from '../ui/list/data-list.tsx';
import { listQueryProps, useListDelete } from '../ui/list/list-page.ts';
import { useListState } from '../ui/list/use-list-state.ts';

export const Route = createFileRoute('/_app/functions')({
  staticData: { title: msg`Cloud functions` },
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput): ListSearch =>
    validateListSearch(search),
  component: FunctionsPage,
});

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-bottom: 16px;
  h1 {
    margin: 0;
  }
`;

const NameCell = styled.span`
  display: flex;
  align-items: center;
  gap: 4px;
  min-width: 0;
  margin-left: -8px;
  span {
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

function FunctionsPage() {
  const { t, i18n } = useLingui();
  const state = useListState(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const { user } = Route.useRouteContext();
  const list = useQuery(functionListQuery(state));

  const remove = useListDelete<CloudFunctionSummary>(
    hasPrivilege(user, 'cloudfunction.delete'),
    (row) => deleteFunction(row.id),
    (client) => client.invalidateQueries({ queryKey: functionKeys.all }),
  );
  const setState = useCallback(
    (changes: Partial<ListState>) => void navigate({ search: (old) => ({ ...old, ...changes }) }),
    [navigate],
  );
  const columns = useMemo<ColumnDef<CloudFunctionSummary, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t`Name`,
        accessorKey: 'name',
        // The favourite star sits in the name cell, so the narrow star does not take a column.
        cell: ({ row }) => (
          <NameCell>
            <FavouriteStar
              entity={{
                type: 'cloudfunction',
                id: row.original.id,
                name: row.original.name,
                description: row.original.description,
                org: row.original.org.name,
              }}
            />
            <span>{row.original.name}</span>
          </NameCell>
        ),
      },
      {
        id: 'type',
        header: t`Type`,
        accessorFn: (row) => i18n._(functionTypeLabels[row.type]),
      },
      {
        id: 'org',
        header: t`Organisation`,
        accessorFn: (row) => row.org.name,
        enableSorting: false,
      },
      { id: 'created', header: t`Created`, accessorFn: (row) => formatDate(row.created) },
      { id: 'modified', header: t`Modified`, accessorFn: (row) => formatDate(row.modified) },
    ],
    [t, i18n],
  );

  return (
    <>
      <Heading>
        <PageTitle>{t`Cloud functions`}</PageTitle>
        {hasPrivilege(user, 'cloudfunction.create') ? (
          <Button as={Link} to="/functions/new">
            <Plus size={18} aria-hidden />
            <Trans>New cloud function</Trans>
          </Button>
        ) : null}
      </Heading>
      <DataList
        title={t`Cloud functions`}
        columns={columns}
        {...listQueryProps(list)}
        getId={(row) => String(row.id)}
        getLabel={(row) => row.name}
        state={state}
        onStateChange={setState}
        onOpen={(row) => void navigate({ to: '/function/$id', params: { id: String(row.id) } })}
        listKey="functions"
        filterFields={[
          {
            id: 'type',
            label: t`Type`,
            options: functionTypes.map((value) => ({
              value,
              label: i18n._(functionTypeLabels[value]),
            })),
          },
        ]}
        exportRow={(row) => ({
          id: row.id,
          name: row.name,
          type: row.type,
          description: row.description,
          organisation: row.org.name,
          dataType: row.dataType,
          created: row.created,
          modified: row.modified,
        })}
        {...remove}
      />
    </>
  );
}
