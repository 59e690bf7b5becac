import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from './-components/coming-soon.tsx';

export const Route = createFileRoute('/_app/management_/user/new')({
  staticData: {
    title: msg`New user`,
    back: '/users',
    trail: [{ title: msg`Users`, to: '/users' }],
  },
  component: Page,
});

function Page() {
  const { t } = useLingui();
  return <ComingSoon title={t`New user`} />;
}
