import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { DeviceDataPanel } from '../features/device-data/components/device-data-panel.tsx';
import { WithDevice } from '../features/devices/components/with-device.tsx';
import { periodOption } from '../lib/periods.ts';

/** The period is in the URL, so a wall display can be bookmarked on it. */
export const Route = createFileRoute('/_app/sensor/$id/data')({
  validateSearch: (search: Record<string, unknown>): { period?: number } => {
    const period = Number(search.period);
    return Number.isInteger(period) && periodOption(period) && period !== 6 ? { period } : {};
  },
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();
  const { period } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <WithDevice id={id}>
      {(device) => (
        <DeviceDataPanel
          deviceId={device.id}
          keys={[...device.dataKeys, ...device.syntheticKeys].map((k) => ({
            key: k.key,
            name: k.name,
            unit: k.unit,
          }))}
          period={period}
          onPeriodChange={(next) => void navigate({ search: { period: next }, replace: true })}
        />
      )}
    </WithDevice>
  );
}
