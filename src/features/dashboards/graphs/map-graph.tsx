import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import {
  graphTypes,
  type GraphPeriod,
  type MapChartGraph,
  type MapGraph,
} from '../../../../contracts/dashboard.ts';
import { NoData } from '../../../charts/no-data.tsx';
import { useLiveDeviceStatus } from '../../../api/devices/live-status.ts';
import { MapPanel } from '../../../api/map/map-panel.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { windowOf, windowRange } from './graph-period.ts';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A map graph (spec §3 Graph type 5): the chosen devices where they stand, in
 * their live status colours. Or a map chart (type 7): the devices that sent
 * the graph's key over its period, each coloured by its mean there, with a
 * legend; the map looks first at the graph's place, else its device's.
 */
export function MapGraphBody({
  graph,
  period,
}: {
  graph: MapGraph | MapChartGraph;
  period: GraphPeriod | null;
}) {
  const { t } = useLingui();
  // The map's status colours follow the feed (the device pages and lists follow it themselves).
  useLiveDeviceStatus();
  const name = graph.name;
  // Read again each minute, so "the last hour" moves on.
  const now = Math.floor(useNow(true, 60_000) / 60_000) * 60_000;
  const range = useMemo(
    () => (period ? windowRange(windowOf(period, now, browserZone()), now) : null),
    [period, now],
  );
  if (graph.type === graphTypes.map)
    return (
      <MapPanel
        filters={{ ids: graph.deviceIds.join(',') }}
        label={t`Map of ${name}`}
        height="100%"
      />
    );
  if (!range) return <NoData reason="noPeriod" />;
  const key = graph.dataSource.dataKey;
  if (!key) return <NoData />;
  return (
    <MapPanel
      filters={{}}
      label={t`Map of ${name}`}
      height="100%"
      chart={{
        key,
        unit: graph.dataSource.unit ?? null,
        from: new Date(range.from).toISOString(),
        to: new Date(range.to).toISOString(),
        center:
          graph.lat !== null && graph.long !== null ? { lat: graph.lat, lng: graph.long } : null,
        centerDeviceId: graph.deviceId ?? graph.dataSource.deviceId,
      }}
    />
  );
}
