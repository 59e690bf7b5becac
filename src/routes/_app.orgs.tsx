import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from './-components/coming-soon.tsx';
import { TabBar } from '../ui/tabs.tsx';

export const Route = createFileRoute('/_app/orgs')({
  staticData: {
    title: msg`Organisations`,
  },
  component: Page,
});

function Page() {
  const { t } = useLingui();
  return (
    <>
      <TabBar
        label={t`Management`}
        tabs={[
          { to: '/users', label: t`Users` },
          { to: '/orgs', label: t`Organisations` },
        ]}
      />
      <ComingSoon title={t`Organisations`} />
    </>
  );
}
