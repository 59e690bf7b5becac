import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import styled from 'styled-components';
import type { Project } from '../../../../contracts/project.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { toListQuery } from '../../../api/list-query.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { useDeleteProjects } from '../../../api/projects/mutations.ts';
import { projectListQuery } from '../../../api/projects/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { formatDay } from '../../../lib/format.ts';
import type { ListState } from '../../../lib/list-search.ts';
import { organisationOptions } from '../../../lib/organisation-choices.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Card } from '../../../ui/card.tsx';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
import { DataList, type FilterField } from '../../../ui/list/data-list.tsx';
import {
  dateColumn,
  favouriteNameColumn,
  organisationColumn,
  useEntityRowProps,
} from '../../../ui/list/entity-list.tsx';
import { listQueryProps } from '../../../ui/list/list-page.ts';
import { contactName } from './contact.ts';

const ProjectCard = styled(Card)`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 12px;
  padding: 14px;
  a {
    font-weight: 700;
    color: inherit;
    overflow-wrap: anywhere;
  }
  span {
    grid-column: 1 / 3;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }
`;

/** A project's period, as the list and its card show it. */
export const periodOf = (p: Pick<Project, 'startDate' | 'endDate'>) =>
  `${formatDay(p.startDate)} – ${formatDay(p.endDate)}`;

export const projectFavourite = (p: Project) => ({
  type: 'project' as const,
  id: p.id,
  name: p.title,
  description: p.description,
  org: p.org.name,
});

/**
 * The projects the user can see (spec §2: card/grid and list views): filter
 * by organisation, search by title, open, export, delete.
 */
export function ProjectList({
  user,
  state,
  onStateChange,
}: {
  user: SignedInUser;
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const orgs = useQuery(organisationChoicesQuery());
  const list = useQuery(projectListQuery(toListQuery(state)));
  const removeMany = useDeleteProjects();
  const rowProps = useEntityRowProps<Project>(
    hasPrivilege(user, 'project.delete'),
    removeMany.mutateAsync,
  );

  const columns = useMemo<ColumnDef<Project, unknown>[]>(
    () => [
      favouriteNameColumn(t`Title`, 'project'),
      {
        id: 'startDate',
        header: t`Start date`,
        accessorFn: (row) => formatDay(row.startDate),
      },
      { id: 'endDate', header: t`End date`, accessorFn: (row) => formatDay(row.endDate) },
      organisationColumn(t`Organisation`),
      {
        id: 'contact',
        header: t`Contact`,
        accessorFn: (row) => contactName(row.contact) ?? '',
        enableSorting: false,
      },
      { id: 'deviceCount', header: t`Devices`, accessorKey: 'deviceCount', enableSorting: false },
      {
        id: 'collectionCount',
        header: t`Data collections`,
        accessorKey: 'collectionCount',
        enableSorting: false,
      },
      dateColumn('created', t`Created`),
    ],
    [t],
  );

  const filterFields = useMemo<FilterField[]>(
    () => [
      { id: 'orgUuid', label: t`Organisation`, options: organisationOptions(orgs.data ?? []) },
    ],
    [t, orgs.data],
  );

  return (
    <DataList
      title={t`Projects`}
      columns={columns}
      {...listQueryProps(list)}
      {...rowProps}
      state={state}
      onStateChange={onStateChange}
      listKey="projects"
      filterFields={filterFields}
      onOpen={(row) => void navigate({ to: '/project/$id', params: { id: String(row.id) } })}
      renderCard={(p) => (
        <ProjectCard>
          <Link to="/project/$id" params={{ id: String(p.id) }}>
            {p.title}
          </Link>
          <FavouriteStar entity={projectFavourite(p)} />
          <span>{periodOf(p)}</span>
          <span>{p.org.name}</span>
          <span>
            <Plural value={p.deviceCount} one="# device" other="# devices" />
            {' · '}
            <Plural value={p.collectionCount} one="# data collection" other="# data collections" />
          </span>
        </ProjectCard>
      )}
      actions={
        hasPrivilege(user, 'project.create') ? (
          <ButtonLink link={{ to: '/projects/new' }}>
            <Plus size={18} aria-hidden />
            <Trans>New project</Trans>
          </ButtonLink>
        ) : null
      }
      exportRow={(row) => ({
        id: row.id,
        title: row.title,
        description: row.description,
        startDate: row.startDate,
        endDate: row.endDate,
        organisation: row.org.name,
        contactFirstName: row.contact.firstName,
        contactLastName: row.contact.lastName,
        contactEmail: row.contact.email,
        contactPhone: row.contact.phone,
        devices: row.deviceCount,
        collections: row.collectionCount,
        created: row.created,
      })}
    />
  );
}
