import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from './-components/coming-soon.tsx';

export const Route = createFileRoute('/_app/registry/$id_/edit')({
  staticData: {
    title: msg`Edit registry`,
    back: '/registries',
    trail: [{ title: msg`Registries`, to: '/registries' }],
  },
  component: Page,
});

function Page() {
  const { t } = useLingui();
  return <ComingSoon title={t`Edit registry`} />;
}
