import { useCallback, useLayoutEffect, useState, type ReactNode } from 'react';
import type { SeriesRequest, SeriesSnapshot } from '../../../../streams/live-data.ts';
import { useSeries } from '../../../lib/live-data.tsx';

function SeriesReader({
  id,
  request,
  paused,
  onSnapshot,
}: {
  id: string;
  request: SeriesRequest;
  paused: boolean;
  onSnapshot: (id: string, snapshot: SeriesSnapshot) => void;
}) {
  const snapshot = useSeries(request, { paused });
  // Before paint: a live point reaches the chart in the frame it arrived in.
  useLayoutEffect(() => onSnapshot(id, snapshot), [id, snapshot, onSnapshot]);
  return null;
}

/**
 * Several series at once (a graph reads one to fifty): one reader per
 * request, each holding its series through useSeries (history merged with
 * the live feed, paused off screen), and their snapshots by id.
 */
export function useGraphSeries(
  requests: readonly { id: string; request: SeriesRequest }[],
  paused: boolean,
): { snapshots: ReadonlyMap<string, SeriesSnapshot>; readers: ReactNode } {
  const [held, setHeld] = useState<Readonly<Record<string, SeriesSnapshot>>>({});
  const onSnapshot = useCallback((id: string, snapshot: SeriesSnapshot) => {
    setHeld((previous) => (previous[id] === snapshot ? previous : { ...previous, [id]: snapshot }));
  }, []);
  const snapshots = new Map<string, SeriesSnapshot>();
  for (const { id, request } of requests) {
    const snapshot = held[id];
    // A snapshot of another device or key (the graph was edited) is not this source's.
    if (snapshot && snapshot.deviceId === request.deviceId && snapshot.key === request.key)
      snapshots.set(id, snapshot);
  }
  const readers = requests.map(({ id, request }) => (
    <SeriesReader key={id} id={id} request={request} paused={paused} onSnapshot={onSnapshot} />
  ));
  return { snapshots, readers };
}
