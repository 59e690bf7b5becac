import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { projectChoicesQuery } from '../api/projects/queries.ts';
import { NewCollection } from '../features/collections/components/new-collection.tsx';
import { ensureQueries } from '../lib/query-client.ts';

/** `projectId`: the project the new collection starts in (opened from a project's page). */
interface NewCollectionSearch {
  projectId?: number;
}

export const Route = createFileRoute('/_app/collections_/new')({
  staticData: {
    title: msg`New data collection`,
    back: '/collections',
    trail: [{ title: msg`Data collections`, to: '/collections' }],
  },
  validateSearch: (search: Record<string, unknown>): NewCollectionSearch => {
    const id = Number(search.projectId);
    return Number.isSafeInteger(id) && id > 0 ? { projectId: id } : {};
  },
  loader: ({ context }) =>
    ensureQueries(context.queryClient, organisationChoicesQuery(), projectChoicesQuery()),
  component: NewCollectionPage,
});

function NewCollectionPage() {
  const { user } = Route.useRouteContext();
  return <NewCollection user={user} projectId={Route.useSearch().projectId} />;
}
