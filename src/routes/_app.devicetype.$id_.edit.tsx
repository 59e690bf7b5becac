import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from './-components/coming-soon.tsx';

export const Route = createFileRoute('/_app/devicetype/$id_/edit')({
  staticData: {
    title: msg`Edit device type`,
    back: '/devicetypes',
    trail: [{ title: msg`Device types`, to: '/devicetypes' }],
  },
  component: Page,
});

function Page() {
  const { t } = useLingui();
  return <ComingSoon title={t`Edit device type`} />;
}
