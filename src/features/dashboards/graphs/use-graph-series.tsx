import { useQuery } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { SeriesRequest, SeriesSnapshot } from '../../../../streams/live-data.ts';
import { functionSeriesQuery } from '../../../api/functions/series.ts';
import { useSeries } from '../../../lib/live-data.tsx';

/** A source's read: a device's key as stored, or through a cloud function. */
export interface GraphSeriesRequest {
  id: string;
  request: SeriesRequest;
  functionId: number | null;
  /** Seconds between re-reads the graph asks for; 0: none of its own. */
  refresh: number;
}

type OnSnapshot = (id: string, snapshot: SeriesSnapshot) => void;

/** A reader's own id: the source's id, and the cloud function it reads through, if any. */
const readerId = (id: string, functionId: number | null) =>
  functionId === null ? id : `${id}-fn-${functionId}`;

function SeriesReader({
  id,
  request,
  paused,
  onSnapshot,
}: {
  id: string;
  request: SeriesRequest;
  paused: boolean;
  onSnapshot: OnSnapshot;
}) {
  const snapshot = useSeries(request, { paused });
  // Before paint: a live point reaches the chart in the frame it arrived in.
  useLayoutEffect(() => onSnapshot(id, snapshot), [id, snapshot, onSnapshot]);
  return null;
}

/** A function's output is re-read at least this often on a window that follows the clock… */
const FUNCTION_REFRESH_MIN_MS = 5_000;
/** …and at most this rarely: about one new bucket in sixty of the window, between the two. */
const FUNCTION_REFRESH_MAX_MS = 60_000;

/** How often a function source is re-read: the graph's refresh, else by its window. */
export function functionRefreshMs(request: SeriesRequest, refresh: number): number | false {
  if (refresh > 0) return refresh * 1000;
  if (request.window.kind !== 'sliding') return false;
  return Math.min(
    FUNCTION_REFRESH_MAX_MS,
    Math.max(FUNCTION_REFRESH_MIN_MS, request.window.durationMs / 60),
  );
}

function FunctionSeriesReader({
  id,
  request,
  functionId,
  refresh,
  paused,
  onSnapshot,
}: {
  id: string;
  request: SeriesRequest;
  functionId: number;
  refresh: number;
  paused: boolean;
  onSnapshot: OnSnapshot;
}) {
  const { deviceId, key, window, timeZone, buckets } = request;
  const query = useQuery({
    ...functionSeriesQuery({
      deviceId,
      functionId,
      key,
      window,
      timeZone: timeZone ?? 'UTC',
      ...(buckets === undefined ? {} : { buckets }),
    }),
    // Read once wherever the graph is; off screen it is not read again until it shows.
    refetchInterval: paused ? false : functionRefreshMs(request, refresh),
  });
  const { data, error, isPending } = query;
  const snapshot = useMemo<SeriesSnapshot>(
    () => ({
      deviceId,
      key,
      points: data?.points ?? [],
      bucketMs: data?.bucketMs ?? null,
      loading: isPending && !error,
      error: error ? error.message : null,
      refused: false,
      lastPointAt: data?.points.at(-1)?.time ?? null,
    }),
    [deviceId, key, data, error, isPending],
  );
  useLayoutEffect(() => onSnapshot(id, snapshot), [id, snapshot, onSnapshot]);
  return null;
}

/**
 * Several series at once (a graph reads one to fifty): one reader per
 * request, each holding its series through useSeries (history merged with
 * the live feed, paused off screen), or through its cloud function
 * (re-read on the graph's refresh or as its window moves), and their
 * snapshots by id.
 */
export function useGraphSeries(
  requests: readonly GraphSeriesRequest[],
  paused: boolean,
): { snapshots: ReadonlyMap<string, SeriesSnapshot>; readers: ReactNode } {
  const [held, setHeld] = useState<Readonly<Record<string, SeriesSnapshot>>>({});
  const onSnapshot = useCallback((id: string, snapshot: SeriesSnapshot) => {
    setHeld((previous) => (previous[id] === snapshot ? previous : { ...previous, [id]: snapshot }));
  }, []);
  // The same map while nothing it holds changed: what is drawn from it is not made again.
  const wanted = requests
    .map(
      ({ id, request, functionId }) =>
        `${id} ${readerId(id, functionId)} ${request.deviceId} ${request.key}`,
    )
    .join('\n');
  const snapshots = useMemo(() => {
    const map = new Map<string, SeriesSnapshot>();
    for (const { id, request, functionId } of requests) {
      // Held per reader: a snapshot read as sent is not the function's, nor one function's another's.
      const snapshot = held[readerId(id, functionId)];
      // A snapshot of another device or key (the graph was edited) is not this source's.
      if (snapshot && snapshot.deviceId === request.deviceId && snapshot.key === request.key)
        map.set(id, snapshot);
    }
    return map;
    // `wanted` is what the map reads of `requests`, which is a new array every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [held, wanted]);
  const readers = requests.map(({ id, request, functionId, refresh }) => {
    const reader = readerId(id, functionId);
    const shared = { id: reader, request, paused, onSnapshot };
    return functionId === null ? (
      <SeriesReader key={reader} {...shared} />
    ) : (
      <FunctionSeriesReader key={reader} {...shared} functionId={functionId} refresh={refresh} />
    );
  });

  return { snapshots, readers };
}
