import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Project } from '../../../../contracts/project.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { withOrgMove } from '../../../api/entity-writes.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { useUpdateProject } from '../../../api/projects/mutations.ts';
import { projectQuery } from '../../../api/projects/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { QueryView } from '../../../ui/detail.tsx';
import { EntityFormPage, useSaveOutcome } from '../../../ui/entity-page.tsx';
import { ProjectForm } from './project-form.tsx';

/** A project's edit form; a move to another organisation needs its own privilege. */
export function EditProject({ id, user }: { id: number; user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const project = useQuery(projectQuery(id));
  const orgs = useQuery(organisationChoicesQuery());
  const save = useUpdateProject();
  const open = (target: Pick<Project, 'id'>) =>
    void navigate({ to: '/project/$id', params: { id: String(target.id) } });
  const outcome = useSaveOutcome({ success: t`Saved`, failure: t`Update failed`, open });

  return (
    <EntityFormPage
      allowed={hasPrivilege(user, 'project.modify')}
      refusal={<Trans>Your group may not change projects.</Trans>}
      missing={id === 0}
      title={t`Edit project`}
    >
      <QueryView query={project}>
        {(current) => (
          <QueryView query={orgs}>
            {(choices) => (
              <ProjectForm
                project={current}
                orgs={choices}
                defaultOrg={current.org.uuid}
                canChooseOrg={hasPrivilege(user, 'project.changeparent')}
                busy={save.isPending}
                error={save.error?.message}
                onSubmit={(body) => save.mutate(withOrgMove(body, current), outcome)}
                onCancel={() => open(current)}
              />
            )}
          </QueryView>
        )}
      </QueryView>
    </EntityFormPage>
  );
}
