import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { SettingsForm } from '../features/settings/components/settings-form.tsx';
import { PageTitle } from '../ui/card.tsx';

export const Route = createFileRoute('/_app/settings')({
  staticData: { title: msg`Settings` },
  component: SettingsPage,
});

function SettingsPage() {
  const { user } = Route.useRouteContext();
  return (
    <>
      <PageTitle>
        <Trans>Settings</Trans>
      </PageTitle>
      {user.group.id === 1 ? (
        <p>
          <Link to="/settings/branding">
            <Trans>White-label branding of hosts</Trans>
          </Link>
        </p>
      ) : null}
      <SettingsForm />
    </>
  );
}
