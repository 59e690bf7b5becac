import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { collectionStates, type Collection } from '../../../../contracts/collection.ts';
import type { Project } from '../../../../contracts/project.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import type { CollectionFilters } from '../../../api/collections/keys.ts';
import { useDeleteCollections } from '../../../api/collections/mutations.ts';
import { collectionListQuery } from '../../../api/collections/queries.ts';
import { toListQuery } from '../../../api/list-query.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import type { ListState } from '../../../lib/list-search.ts';
import { organisationOptions } from '../../../lib/organisation-choices.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { DataList, type FilterField } from '../../../ui/list/data-list.tsx';
import {
  dateColumn,
  favouriteNameColumn,
  organisationColumn,
  useEntityRowProps,
} from '../../../ui/list/entity-list.tsx';
import { listQueryProps } from '../../../ui/list/list-page.ts';
import { stateLabel } from './collection-labels.ts';

interface CollectionListProps {
  user: SignedInUser;
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
  /** A list narrowed for a page of its own (a project's collections). */
  fixed?: CollectionFilters;
  title?: string;
}

/**
 * Data collections the user can see: filter by organisation and state, open,
 * export, delete. A project's page shows its own through the same list.
 */
export function CollectionList({ user, state, onStateChange, fixed, title }: CollectionListProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const orgs = useQuery(organisationChoicesQuery());
  const query = toListQuery(state);
  const list = useQuery(
    collectionListQuery(fixed ? { ...query, filters: { ...query.filters, ...fixed } } : query),
  );
  const removeMany = useDeleteCollections();
  const rowProps = useEntityRowProps<Collection>(
    hasPrivilege(user, 'collection.delete'),
    removeMany.mutateAsync,
  );

  const columns = useMemo<ColumnDef<Collection, unknown>[]>(
    () => [
      favouriteNameColumn(t`Name`, 'collection'),
      {
        id: 'state',
        header: t`State`,
        accessorFn: (row) => stateLabel(row.state, i18n),
      },
      {
        id: 'device',
        header: t`Device`,
        accessorFn: (row) => row.device?.name ?? '–',
        enableSorting: false,
      },
      {
        id: 'project',
        header: t`Project`,
        accessorFn: (row) => row.project?.name ?? '–',
        enableSorting: false,
      },
      organisationColumn(t`Organisation`),
      dateColumn('created', t`Created`),
    ],
    [t, i18n],
  );

  const filterFields = useMemo<FilterField[]>(
    () => [
      { id: 'orgUuid', label: t`Organisation`, options: organisationOptions(orgs.data ?? []) },
      {
        id: 'state',
        label: t`State`,
        options: collectionStates.map((value) => ({ value, label: stateLabel(value, i18n) })),
      },
    ],
    [t, i18n, orgs.data],
  );

  return (
    <DataList
      title={title ?? t`Data collections`}
      columns={columns}
      {...listQueryProps(list)}
      {...rowProps}
      state={state}
      onStateChange={onStateChange}
      listKey="collections"
      filterFields={fixed ? [] : filterFields}
      onOpen={(row) => void navigate({ to: '/collection/$id', params: { id: String(row.id) } })}
      actions={
        hasPrivilege(user, 'collection.create') ? (
          <ButtonLink
            link={{
              to: '/collections/new',
              search: fixed?.projectId ? { projectId: fixed.projectId } : {},
            }}
          >
            <Plus size={18} aria-hidden />
            <Trans>New data collection</Trans>
          </ButtonLink>
        ) : null
      }
      exportRow={(row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        state: row.state,
        endOfService: row.endOfService ? formatDay(row.endOfService) : null,
        device: row.device?.name ?? null,
        deviceSince: row.deviceStartDate ? formatDateTime(row.deviceStartDate) : null,
        project: row.project?.name ?? null,
        organisation: row.org.name,
        created: row.created,
      })}
    />
  );
}

const firstPage: ListState = { page: 1, pageSize: 10, view: 'list' };

/** A project's data collections, on its page. */
export function ProjectCollections({ project, user }: { project: Project; user: SignedInUser }) {
  const { t } = useLingui();
  const [state, setState] = useState<ListState>(firstPage);
  const title = project.title;
  return (
    <CollectionList
      user={user}
      state={state}
      onStateChange={(changes) => setState((old) => ({ ...old, ...changes }))}
      fixed={{ projectId: project.id }}
      title={t`Data collections of ${title}`}
    />
  );
}
