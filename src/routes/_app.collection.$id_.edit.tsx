import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { collectionQuery } from '../api/collections/queries.ts';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { projectChoicesQuery } from '../api/projects/queries.ts';
import { EditCollection } from '../features/collections/components/edit-collection.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/collection/$id_/edit')({
  staticData: {
    title: msg`Edit data collection`,
    back: '/collections',
    trail: [{ title: msg`Data collections`, to: '/collections' }],
  },
  loader: ({ context, params }) =>
    ensureQueries(
      context.queryClient,
      collectionQuery(entityId(params.id)),
      organisationChoicesQuery(),
      projectChoicesQuery(),
    ),
  component: EditCollectionPage,
});

function EditCollectionPage() {
  const { user } = Route.useRouteContext();
  return <EditCollection id={entityId(Route.useParams().id)} user={user} />;
}
