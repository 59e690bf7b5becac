import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { FieldList, Section } from '../../../ui/detail.tsx';
import type { ListState } from '../../../lib/list-search.ts';
import { DataList } from '../../../ui/list/data-list.tsx';
import { StatusDot } from '../../../ui/status-dot.tsx';
import { Empty, ErrorState, Loading } from '../../../ui/status.tsx';
import { orgDevicesQuery, type OrgDevice } from '../api/devices.ts';
import {
  orgMetadataQuery,
  subOrgsQuery,
  totalDevicesQuery,
  type Organisation,
} from '../api/orgs.ts';
import { orgUsersQuery } from '../api/users.ts';
import { OrgList } from './org-list.tsx';
import { UserList } from './user-list.tsx';

const firstPage: ListState = { page: 1, pageSize: 10, view: 'list' };

function useLocalList() {
  const [state, setState] = useState<ListState>(firstPage);
  const onStateChange = useMemo(
    () => (changes: Partial<ListState>) => setState((old) => ({ ...old, ...changes })),
    [],
  );
  return { state, onStateChange };
}

/** Every field of the organisation (spec §3). */
export function OrgDetails({ org }: { org: Organisation }) {
  const { t } = useLingui();
  return (
    <Section>
      <h2>{t`Details`}</h2>
      <FieldList
        fields={[
          { label: t`Name`, value: org.name },
          { label: t`Nickname`, value: org.nickname },
          {
            label: t`Parent organisation`,
            value: org.parent ? (
              <Link to="/management/org/$id" params={{ id: org.parent.uuid }}>
                {org.parent.name}
              </Link>
            ) : null,
          },
          { label: t`Address`, value: org.address },
          { label: t`Zip code`, value: org.zip },
          { label: t`City`, value: org.city },
          { label: t`Region`, value: org.region },
          { label: t`Country`, value: org.country },
          { label: t`Phone`, value: org.phone },
          {
            label: t`Website`,
            value: org.website ? (
              <a href={org.website} target="_blank" rel="noreferrer noopener">
                {org.website}
              </a>
            ) : null,
          },
          { label: t`Tax registration number`, value: org.taxNumber },
          { label: t`EAN number`, value: org.eanNumber },
          { label: t`Devices`, value: org.counts.devices },
          { label: t`Projects`, value: org.counts.projects },
          { label: t`Data collections`, value: org.counts.collections },
          { label: t`Created`, value: formatDateTime(org.created) },
          { label: t`Modified`, value: formatDateTime(org.modified) },
        ]}
      />
    </Section>
  );
}

export function OrgSubOrgs({ me, org }: { me: CurrentUser; org: Organisation }) {
  const list = useLocalList();
  const children = useQuery(subOrgsQuery(org.uuid));
  return <OrgList me={me} rows={children} {...list} />;
}

export function OrgUsers({ me, org }: { me: CurrentUser; org: Organisation }) {
  const list = useLocalList();
  const users = useQuery(orgUsersQuery(org.uuid));
  return <UserList me={me} rows={users} newUserOrg={org.uuid} {...list} />;
}

const PAGE_SIZES = [5, 10, 25, 50, 100] as const;

/** The organisation's own devices a page at a time, and the total including its sub-organisations. */
export function OrgDevices({ org }: { org: Organisation }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const list = useLocalList();
  const total = useQuery(totalDevicesQuery(org.uuid));
  const devices = useQuery(orgDevicesQuery(org.uuid, list.state));
  const orgName = org.name;
  const columns = useMemo<ColumnDef<OrgDevice, unknown>[]>(
    () => [
      { id: 'name', header: t`Name`, accessorKey: 'name' },
      { id: 'uniqueName', header: t`Unique name`, accessorFn: (d) => d.uniqueName ?? '' },
      {
        id: 'status',
        header: t`Status`,
        accessorKey: 'status',
        cell: ({ row }) => <StatusDot status={row.original.status} withText />,
      },
      {
        id: 'registry',
        header: t`Registry`,
        accessorFn: (d) => d.registry?.name ?? '',
        enableSorting: false,
      },
      {
        id: 'deviceType',
        header: t`Device type`,
        accessorFn: (d) => d.deviceType?.name ?? '',
        enableSorting: false,
      },
      { id: 'created', header: t`Created`, accessorFn: (d) => formatDate(d.created) },
    ],
    [t],
  );
  return (
    <>
      <Section>
        <h2>{t`Devices`}</h2>
        <FieldList
          fields={[
            { label: t`In this organisation`, value: org.counts.devices },
            {
              label: t`Total, with sub-organisations`,
              value: total.data ? total.data.total : total.isError ? '–' : t`Loading…`,
            },
          ]}
        />
      </Section>
      <DataList
        title={t`Devices of ${orgName}`}
        columns={columns}
        rows={devices.data?.items}
        total={devices.data?.total ?? 0}
        getId={(d) => String(d.id)}
        getLabel={(d) => d.name}
        pageSizes={PAGE_SIZES}
        loading={devices.isPending}
        error={devices.isError}
        onRetry={() => void devices.refetch()}
        onOpen={(d) => void navigate({ to: '/sensor/$id', params: { id: String(d.id) } })}
        exportRow={(d) => ({
          id: d.id,
          name: d.name,
          uniqueName: d.uniqueName,
          status: d.status,
          registry: d.registry?.name ?? null,
          deviceType: d.deviceType?.name ?? null,
          created: d.created,
        })}
        {...list}
      />
    </>
  );
}

export function OrgMetadata({ org }: { org: Organisation }) {
  const { t } = useLingui();
  const query = useQuery(orgMetadataQuery(org.uuid));
  let body;
  if (query.isPending) body = <Loading />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const entries = Object.entries(query.data.metadata);
    body =
      entries.length === 0 ? (
        <Empty>
          <Trans>This organisation has no metadata.</Trans>
        </Empty>
      ) : (
        <FieldList
          fields={entries.map(([key, value]) => ({
            label: key,
            value: typeof value === 'string' ? value : JSON.stringify(value),
          }))}
        />
      );
  }
  return (
    <Section>
      <h2>{t`Metadata`}</h2>
      {body}
    </Section>
  );
}
