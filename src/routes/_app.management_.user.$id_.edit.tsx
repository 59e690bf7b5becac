import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from './-components/coming-soon.tsx';

export const Route = createFileRoute('/_app/management_/user/$id_/edit')({
  staticData: {
    title: msg`Edit user`,
    back: '/users',
    trail: [{ title: msg`Users`, to: '/users' }],
  },
  component: Page,
});

function Page() {
  const { t } = useLingui();
  return <ComingSoon title={t`Edit user`} />;
}
