import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { NewProject } from '../features/projects/components/new-project.tsx';
import { ensureQueries } from '../lib/query-client.ts';

export const Route = createFileRoute('/_app/projects_/new')({
  staticData: {
    title: msg`New project`,
    back: '/projects',
    trail: [{ title: msg`Projects`, to: '/projects' }],
  },
  loader: ({ context }) => ensureQueries(context.queryClient, organisationChoicesQuery()),
  component: NewProjectPage,
});

function NewProjectPage() {
  const { user } = Route.useRouteContext();
  return <NewProject user={user} />;
}
