import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { projectQuery } from '../api/projects/queries.ts';
import { EditProject } from '../features/projects/components/edit-project.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/project/$id_/edit')({
  staticData: {
    title: msg`Edit project`,
    back: '/projects',
    trail: [{ title: msg`Projects`, to: '/projects' }],
  },
  loader: ({ context, params }) =>
    ensureQueries(
      context.queryClient,
      projectQuery(entityId(params.id)),
      organisationChoicesQuery(),
    ),
  component: EditProjectPage,
});

function EditProjectPage() {
  const { user } = Route.useRouteContext();
  return <EditProject id={entityId(Route.useParams().id)} user={user} />;
}
