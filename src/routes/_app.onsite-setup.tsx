import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OnsiteWizard } from '../features/devices/components/onsite-wizard.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/onsite-setup')({
  staticData: { title: msg`On-site setup` },
  component: OnsiteSetupPage,
});

function OnsiteSetupPage() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  return (
    <>
      <PageTitle>{t`On-site setup`}</PageTitle>
      {hasPrivilege(user, 'device.create') ? (
        <OnsiteWizard user={user} />
      ) : (
        <NotFound>{t`Your group may not set up devices.`}</NotFound>
      )}
    </>
  );
}
