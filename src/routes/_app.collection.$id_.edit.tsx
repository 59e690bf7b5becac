import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from './-components/coming-soon.tsx';

export const Route = createFileRoute('/_app/collection/$id_/edit')({
  staticData: {
    title: msg`Edit data collection`,
    back: '/collections',
    trail: [{ title: msg`Data collections`, to: '/collections' }],
  },
  component: Page,
});

function Page() {
  const { t } = useLingui();
  return <ComingSoon title={t`Edit data collection`} />;
}
