import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from './-components/coming-soon.tsx';

export const Route = createFileRoute('/_app/function/$id')({
  staticData: {
    title: msg`Cloud function`,
    back: '/functions',
    trail: [{ title: msg`Cloud functions`, to: '/functions' }],
  },
  component: Page,
});

function Page() {
  const { t } = useLingui();
  return <ComingSoon title={t`Cloud function`} />;
}
