import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { useDeletionNotice } from '../../../ui/list/bulk-delete.ts';
import type { ListState } from '../../../lib/list-search.ts';
import { DataList } from '../../../ui/list/data-list.tsx';
import type { ApiToken } from '../../../../contracts/token.ts';
import { organisationListQuery } from '../../../api/organisations/queries.ts';
import { useDeleteTokens } from '../../../api/tokens/mutations.ts';
import { tokenListQuery } from '../../../api/tokens/queries.ts';
import { tokenPage } from './list-pages.ts';
import { SelectField } from '../../../ui/form/fields.tsx';
import { TokenDialog } from './token-dialog.tsx';

/**
 * The API tokens of an organisation that the user oversees (their own; a
 * manager's, all of them): create, delete one or several, export.
 */
export function TokenList({
  me,
  state,
  onStateChange,
}: {
  me: SignedInUser;
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
}) {
  const { t } = useLingui();
  const deleteTokens = useDeleteTokens();
  const deletionNotice = useDeletionNotice();
  const [orgUuid, setOrgUuid] = useState(me.org.uuid);
  const [creating, setCreating] = useState(false);
  const manager = me.group.id <= 2;
  const orgs = useQuery({ ...organisationListQuery(), enabled: manager });
  const list = useQuery(tokenListQuery({ filters: { orgUuid } }));
  const page = useMemo(
    () => (list.data ? tokenPage(list.data, state) : undefined),
    [list.data, state],
  );
  const typeLabels: Record<ApiToken['type'], string> = {
    general: t`General`,
    device: t`Device`,
    devicetype: t`Device type`,
    registry: t`Registry`,
  };

  const columns = useMemo<ColumnDef<ApiToken, unknown>[]>(
    () => [
      { id: 'label', header: t`Label`, accessorKey: 'label' },
      { id: 'type', header: t`Type`, accessorFn: (row) => typeLabels[row.type] },
      {
        id: 'reference',
        header: t`Reference`,
        // The id stays for a token whose device, device type or registry is gone.
        accessorFn: (row) => row.referenceName ?? (row.reference ? `#${row.reference}` : '–'),
      },
      { id: 'created', header: t`Created`, accessorFn: (row) => formatDate(row.created) },
      {
        id: 'createdBy',
        header: t`Created by`,
        accessorFn: (row) => row.createdBy?.name || row.createdBy?.email || '',
      },
      { id: 'calls', header: t`Calls`, accessorKey: 'calls' },
      {
        id: 'lastCall',
        header: t`Last call`,
        accessorFn: (row) => (row.lastCall ? formatDateTime(row.lastCall) : t`Never`),
      },
    ],
    // typeLabels is rebuilt with t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );

  return (
    <>
      {manager && (orgs.data?.length ?? 0) > 1 ? (
        <div style={{ maxWidth: 360, marginBottom: 12 }}>
          <SelectField
            label={t`Organisation`}
            value={orgUuid}
            options={(orgs.data ?? []).map((org) => ({ value: org.uuid, label: org.name }))}
            onChange={(chosen) => {
              setOrgUuid(chosen);
              onStateChange({ page: 1 });
            }}
          />
        </div>
      ) : null}
      <DataList
        title={t`API tokens`}
        columns={columns}
        rows={page?.items}
        total={page?.total ?? 0}
        getId={(row) => String(row.id)}
        getLabel={(row) => row.label}
        state={state}
        onStateChange={onStateChange}
        listKey="tokens"
        filterFields={[
          {
            id: 'type',
            label: t`Type`,
            options: (['general', 'device', 'devicetype', 'registry'] as const).map((value) => ({
              value,
              label: typeLabels[value],
            })),
          },
        ]}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        exportRow={(row) => ({
          id: row.id,
          label: row.label,
          type: row.type,
          reference: row.reference,
          referenceName: row.referenceName,
          created: row.created,
          createdBy: row.createdBy?.email ?? null,
          calls: row.calls,
          lastCall: row.lastCall,
        })}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus size={18} aria-hidden />
            {t`New API token`}
          </Button>
        }
        onDelete={async (rows) => {
          const outcome = await deleteTokens.mutateAsync(rows.map((row) => row.id));
          deletionNotice(outcome.failures);
        }}
      />
      <TokenDialog me={me} open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
