import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { functionQuery } from '../api/functions/queries.ts';
import { FunctionDetail } from '../features/functions/components/function-detail.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { NotFound, QueryView } from '../ui/detail.tsx';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/function/$id')({
  staticData: {
    title: msg`Cloud function`,
    back: '/functions',
    trail: [{ title: msg`Cloud functions`, to: '/functions' }],
  },
  loader: ({ context, params }) =>
    ensureQueries(context.queryClient, functionQuery(entityId(params.id))),
  component: FunctionPage,
});

function FunctionPage() {
  const id = entityId(Route.useParams().id);
  const { user } = Route.useRouteContext();
  const fn = useQuery(functionQuery(id));
  if (id === 0) return <NotFound />;
  return <QueryView query={fn}>{(data) => <FunctionDetail fn={data} user={user} />}</QueryView>;
}
