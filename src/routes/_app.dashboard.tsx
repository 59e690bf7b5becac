import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { HomeCards } from '../features/home/components/home-cards.tsx';
import { PageTitle } from '../ui/card.tsx';

export const Route = createFileRoute('/_app/dashboard')({
  staticData: { title: msg`Dashboard` },
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
