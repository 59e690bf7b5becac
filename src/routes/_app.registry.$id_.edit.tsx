import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { registryQuery } from '../api/registries/queries.ts';
import { EditRegistry } from '../features/registries/components/edit-registry.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/registry/$id_/edit')({
  staticData: {
    title: msg`Edit registry`,
    back: '/registries',
    trail: [{ title: msg`Registries`, to: '/registries' }],
  },
  loader: ({ context, params }) =>
    ensureQueries(
      context.queryClient,
      registryQuery(entityId(params.id)),
      organisationChoicesQuery(),
    ),
  component: EditRegistryPage,
});

function EditRegistryPage() {
  const { user } = Route.useRouteContext();
  return <EditRegistry id={entityId(Route.useParams().id)} user={user} />;
}
