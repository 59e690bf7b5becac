import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { NewRegistry } from '../features/registries/components/new-registry.tsx';
import { ensureQueries } from '../lib/query-client.ts';

export const Route = createFileRoute('/_app/registries_/new')({
  staticData: {
    title: msg`New registry`,
    back: '/registries',
    trail: [{ title: msg`Registries`, to: '/registries' }],
  },
  loader: ({ context }) => ensureQueries(context.queryClient, organisationChoicesQuery()),
  component: NewRegistryPage,
});

function NewRegistryPage() {
  const { user } = Route.useRouteContext();
  return <NewRegistry user={user} />;
}
