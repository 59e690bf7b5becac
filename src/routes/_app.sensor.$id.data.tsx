import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { Device } from '../../contracts/device.ts';
import { organisationQuery } from '../api/organisations/queries.ts';
import { DeviceDataPanel } from '../features/device-data/components/device-data-panel.tsx';
import { WithDevice } from '../features/devices/components/with-device.tsx';
import { periodOption } from '../lib/periods.ts';
import { QueryView } from '../ui/detail.tsx';

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
  return <WithDevice id={id}>{(device) => <DeviceData device={device} />}</WithDevice>;
}

/** Periods and times follow the device's organisation's time zone, so its org comes first. */
function DeviceData({ device }: { device: Device }) {
  const { period } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const timeZone = useQuery({
    ...organisationQuery(device.org.uuid),
    select: (org) => org.timeZone,
  });
  return (
    <QueryView query={timeZone}>
      {(zone) => (
        <DeviceDataPanel
          deviceId={device.id}
          keys={[...device.dataKeys, ...device.syntheticKeys].map((k) => ({
            key: k.key,
            name: k.name,
            unit: k.unit,
          }))}
          period={period}
          onPeriodChange={(next) => void navigate({ search: { period: next }, replace: true })}
          timeZone={zone}
          place={{ lat: device.lat, long: device.lng, calibrated: device.calibrated }}
        />
      )}
    </QueryView>
  );
}
