import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Project } from '../../../../contracts/project.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useDeleteProject } from '../../../api/projects/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FieldList, Section } from '../../../ui/detail.tsx';
import { EditLink, EntityHeader } from '../../../ui/entity-header.tsx';
import { phoneLink } from '../../../ui/phone-link.tsx';
import { contactName } from './contact.ts';
import { periodOf } from './project-list.tsx';

/** A project's page: its details and contact, edit and delete, its devices and collections. */
export function ProjectDetail({
  project,
  user,
  devices,
  collections,
}: {
  project: Project;
  user: SignedInUser;
  devices: ReactNode;
  collections: ReactNode;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const remove = useDeleteProject();
  const id = String(project.id);
  const { email, phone } = project.contact;

  return (
    <>
      <EntityHeader
        entity={project}
        favourite="project"
        subtitle={project.description}
        edit={
          hasPrivilege(user, 'project.modify') ? (
            <EditLink link={{ to: '/project/$id/edit', params: { id } }} />
          ) : null
        }
        onDelete={
          hasPrivilege(user, 'project.delete') ? () => remove.mutateAsync(project.id) : undefined
        }
        onDeleted={() => navigate({ href: '/projects' })}
      />
      <Section aria-labelledby="project-details">
        <h2 id="project-details">
          <Trans>Details</Trans>
        </h2>
        <FieldList
          fields={[
            { label: t`Period`, value: periodOf(project) },
            { label: t`Organisation`, value: project.org.name },
            { label: t`Contact`, value: contactName(project.contact) ?? '–' },
            {
              label: t`E-mail`,
              value: email ? <a href={`mailto:${email}`}>{email}</a> : '–',
            },
            { label: t`Phone`, value: phoneLink(phone) ?? '–' },
            { label: t`Devices`, value: project.deviceCount },
            { label: t`Data collections`, value: project.collectionCount },
            { label: t`Created`, value: formatDateTime(project.created) },
            { label: t`Modified`, value: formatDateTime(project.modified) },
            { label: 'ID', value: project.id },
          ]}
        />
      </Section>
      <Section aria-labelledby="project-collections">
        <h2 id="project-collections">
          <Trans>Data collections</Trans>
        </h2>
        {collections}
      </Section>
      <Section aria-labelledby="project-devices">
        <h2 id="project-devices">
          <Trans>Devices</Trans>
        </h2>
        {devices}
      </Section>
    </>
  );
}
