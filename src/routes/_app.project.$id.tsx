import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { Project } from '../../contracts/project.ts';
import { projectQuery } from '../api/projects/queries.ts';
import { ProjectCollections } from '../features/collections/components/collection-list.tsx';
import { RelatedDevices } from '../features/devices/components/device-list.tsx';
import { ProjectDetail } from '../features/projects/components/project-detail.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { NotFound, QueryView } from '../ui/detail.tsx';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/project/$id')({
  staticData: {
    title: msg`Project`,
    back: '/projects',
    trail: [{ title: msg`Projects`, to: '/projects' }],
  },
  loader: ({ context, params }) =>
    ensureQueries(context.queryClient, projectQuery(entityId(params.id))),
  component: ProjectPage,
});

function ProjectPage() {
  const id = entityId(Route.useParams().id);
  const { user } = Route.useRouteContext();
  const project = useQuery(projectQuery(id));
  if (id === 0) return <NotFound />;
  return (
    <QueryView query={project}>
      {(data) => (
        <ProjectDetail
          project={data}
          user={user}
          devices={<Devices project={data} />}
          collections={<ProjectCollections project={data} user={user} />}
        />
      )}
    </QueryView>
  );
}

const projectColumns = ['name', 'deviceType', 'status', 'org'] as const;

/** The project's devices. */
function Devices({ project }: { project: Project }) {
  const { t } = useLingui();
  const title = project.title;
  const { user } = Route.useRouteContext();
  return (
    <RelatedDevices
      title={t`Devices of ${title}`}
      filters={{ projectId: project.id }}
      columns={projectColumns}
      statusText
      canDelete={hasPrivilege(user, 'device.delete')}
    />
  );
}
