import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { UserCreate } from '../features/management/components/user-create.tsx';
import { ensureQueries } from '../lib/query-client.ts';

export const Route = createFileRoute('/_app/management_/user/new')({
  staticData: {
    title: msg`New user`,
    back: '/users',
    trail: [{ title: msg`Users`, to: '/users' }],
  },
  validateSearch: (search): { org?: string } =>
    typeof search.org === 'string' ? { org: search.org } : {},
  loader: ({ context }) => ensureQueries(context.queryClient, organisationChoicesQuery()),
  component: NewUserPage,
});

function NewUserPage() {
  const { user: me } = Route.useRouteContext();
  const { org } = Route.useSearch();
  return <UserCreate me={me} org={org} />;
}
