import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from './-components/coming-soon.tsx';

export const Route = createFileRoute('/_app/registries')({
  staticData: {
    title: msg`Registries`,
  },
  component: Page,
});

function Page() {
  const { t } = useLingui();
  return <ComingSoon title={t`Registries`} />;
}
