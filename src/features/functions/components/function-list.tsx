import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import styled from 'styled-components';
import {
  functionTypes,
  type CloudFunctionSummary,
  type FunctionType,
} from '../../../../contracts/cloud-function.ts';
import type { FunctionFilters } from '../../../api/functions/keys.ts';
import { useDeleteFunctions } from '../../../api/functions/mutations.ts';
import { functionListQuery } from '../../../api/functions/queries.ts';
import { toListQuery, type ListQuery } from '../../../api/list-query.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import type { ListState } from '../../../lib/list-search.ts';
import { Button } from '../../../ui/button.tsx';
import { PageTitle } from '../../../ui/card.tsx';
import { DataList } from '../../../ui/list/data-list.tsx';
import {
  dateColumn,
  favouriteNameColumn,
  organisationColumn,
  useEntityRowProps,
} from '../../../ui/list/entity-list.tsx';
import { listQueryProps } from '../../../ui/list/list-page.ts';
import { functionTypeLabels } from './labels.ts';

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

const isFunctionType = (value: unknown): value is FunctionType =>
  (functionTypes as readonly unknown[]).includes(value);

/** What the list asks the server for; a type filter the API does not know (from the URL) is dropped. */
export function functionListQueryOf(state: ListState): ListQuery<FunctionFilters> {
  const { filters, ...query } = toListQuery(state);
  const type = filters?.type;
  return isFunctionType(type) ? { ...query, filters: { type } } : query;
}

/** The cloud functions the user can see: filter by type, open, export, delete. */
export function FunctionList({
  user,
  state,
  onStateChange,
}: {
  user: SignedInUser;
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const list = useQuery(functionListQuery(functionListQueryOf(state)));
  const removeMany = useDeleteFunctions();
  const rowProps = useEntityRowProps<CloudFunctionSummary>(
    hasPrivilege(user, 'cloudfunction.delete'),
    removeMany.mutateAsync,
  );

  const columns = useMemo<ColumnDef<CloudFunctionSummary, unknown>[]>(
    () => [
      favouriteNameColumn(t`Name`, 'cloudfunction'),
      {
        id: 'type',
        header: t`Type`,
        accessorFn: (row) => i18n._(functionTypeLabels[row.type]),
      },
      organisationColumn(t`Organisation`),
      dateColumn('created', t`Created`),
      dateColumn('modified', t`Modified`),
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
        {...rowProps}
        state={state}
        onStateChange={onStateChange}
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
      />
    </>
  );
}
