import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { collectionPeriodsQuery, collectionQuery } from '../api/collections/queries.ts';
import { CollectionDetail } from '../features/collections/components/collection-detail.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { NotFound, QueryView } from '../ui/detail.tsx';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/collection/$id')({
  staticData: {
    title: msg`Data collection`,
    back: '/collections',
    trail: [{ title: msg`Data collections`, to: '/collections' }],
  },
  loader: ({ context, params }) =>
    ensureQueries(
      context.queryClient,
      collectionQuery(entityId(params.id)),
      collectionPeriodsQuery(entityId(params.id)),
    ),
  component: CollectionPage,
});

function CollectionPage() {
  const id = entityId(Route.useParams().id);
  const { user } = Route.useRouteContext();
  const collection = useQuery(collectionQuery(id));
  if (id === 0) return <NotFound />;
  return (
    <QueryView query={collection}>
      {(data) => <CollectionDetail collection={data} user={user} />}
    </QueryView>
  );
}
