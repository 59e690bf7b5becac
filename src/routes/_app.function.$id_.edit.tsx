import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { functionQuery } from '../api/functions/queries.ts';
import { EditFunction } from '../features/functions/components/edit-function.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/function/$id_/edit')({
  staticData: {
    title: msg`Edit cloud function`,
    back: '/functions',
    trail: [{ title: msg`Cloud functions`, to: '/functions' }],
  },
  loader: ({ context, params }) =>
    ensureQueries(context.queryClient, functionQuery(entityId(params.id))),
  component: EditFunctionPage,
});

function EditFunctionPage() {
  const { user } = Route.useRouteContext();
  return <EditFunction id={entityId(Route.useParams().id)} user={user} />;
}
