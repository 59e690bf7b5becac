import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingWithLiveData } from '../features/devices/components/tab-parts.tsx';

export const Route = createFileRoute('/_app/sensor/$id/map')({
  component: Tab,
});

function Tab() {
  const { t } = useLingui();
  return <ComingWithLiveData title={t`Map`} />;
}
