import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Project } from '../../../../contracts/project.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { useCreateProject } from '../../../api/projects/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { QueryView } from '../../../ui/detail.tsx';
import { EntityFormPage, useSaveOutcome } from '../../../ui/entity-page.tsx';
import { ProjectForm } from './project-form.tsx';

/** A new project, in the user's own organisation unless they choose another. */
export function NewProject({ user }: { user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const orgs = useQuery(organisationChoicesQuery());
  const save = useCreateProject();
  const outcome = useSaveOutcome({
    success: t`Created`,
    failure: t`Creation failed`,
    open: (project: Project) =>
      void navigate({ to: '/project/$id', params: { id: String(project.id) } }),
  });

  return (
    <EntityFormPage
      allowed={hasPrivilege(user, 'project.create')}
      refusal={<Trans>Your group may not create projects.</Trans>}
      title={t`New project`}
    >
      <QueryView query={orgs}>
        {(choices) => (
          <ProjectForm
            orgs={choices}
            defaultOrg={user.org.uuid}
            canChooseOrg
            busy={save.isPending}
            error={save.error?.message}
            onSubmit={(body) => save.mutate(body, outcome)}
            onCancel={() => void navigate({ href: '/projects' })}
          />
        )}
      </QueryView>
    </EntityFormPage>
  );
}
