import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { organisationDeviceTotalQuery, organisationQuery } from '../api/organisations/queries.ts';
import { userListQuery } from '../api/users/queries.ts';
import { HomeCards } from '../features/home/components/home-cards.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { PageTitle } from '../ui/card.tsx';

export const Route = createFileRoute('/_app/dashboard')({
  staticData: { title: msg`Dashboard` },
  loader: ({ context: { queryClient, user } }) =>
    ensureQueries(
      queryClient,
      organisationDeviceTotalQuery(user.org.uuid),
      organisationQuery(user.org.uuid),
      ...(hasPrivilege(user, 'user.list') ? [userListQuery()] : []),
    ),
  component: Dashboard,
});

function Dashboard() {
  const { user } = Route.useRouteContext();
  return (
    <>
      <PageTitle>
        <Trans>Welcome, {user.firstName || user.email}</Trans>
      </PageTitle>
      <HomeCards user={user} />
    </>
  );
}
