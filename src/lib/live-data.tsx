import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { createLiveData, type LiveData, type SeriesSnapshot } from '../../streams/live-data.ts';
import { connectLiveSource, type SocketLiveSource } from '../../streams/socket-live-source.ts';
import { httpHistorySource } from '../../streams/http-history-source.ts';
import type { ConnectionState, LiveDeviceStatus, SeriesWindow } from '../../streams/types.ts';
import { apiRequest, sessionEnded } from './api-client.ts';
import { readSession } from './session.ts';
import { onSessionEnd } from './session-end.ts';

let current: { token: string; liveData: LiveData; source: SocketLiveSource } | null = null;

function dispose() {
  current?.liveData.dispose();
  current?.source.close();
  current = null;
}
onSessionEnd(dispose);

/**
 * The live data layer of the signed-in session: one socket and one buffer
 * per (device, key), shared by every chart. Made on first use, let go when
 * the session ends or another one starts.
 */
export function sessionLiveData(): LiveData | null {
  const token = readSession();
  if (!token) {
    dispose();
    return null;
  }
  if (current?.token === token) return current.liveData;
  dispose();
  const source = connectLiveSource({ token: () => readSession(), onSessionEnded: sessionEnded });
  const liveData = createLiveData({
    live: source,
    history: httpHistorySource({
      get: (path, signal) => apiRequest<unknown>('dataBroker', path, signal ? { signal } : {}),
    }),
  });
  current = { token, liveData, source };
  return liveData;
}

const idle: SeriesSnapshot = {
  deviceId: 0,
  key: '',
  points: [],
  loading: true,
  error: null,
  refused: false,
};
const noop = () => () => undefined;

/** A series of one device's key in a window: history first, then live points as they arrive. */
export function useSeries(deviceId: number, key: string, window: SeriesWindow): SeriesSnapshot {
  const windowKey = JSON.stringify(window);
  const store = useMemo(
    () =>
      sessionLiveData()?.series({
        deviceId,
        key,
        window: JSON.parse(windowKey) as SeriesWindow,
      }) ?? null,
    [deviceId, key, windowKey],
  );
  return useSyncExternalStore(
    store?.subscribe ?? noop,
    () => store?.getSnapshot() ?? idle,
    () => idle,
  );
}

/** The live feed's state: connecting, live, reconnecting or offline. */
export function useConnectionState(): ConnectionState {
  const connection = useMemo(() => sessionLiveData()?.connection ?? null, []);
  return useSyncExternalStore(
    connection?.subscribe ?? noop,
    () => connection?.getSnapshot() ?? 'connecting',
    () => 'connecting',
  );
}

/**
 * Calls `onStatus` for every status change of a device the user may see,
 * while the calling component is shown (the list and detail colours).
 */
export function useDeviceStatusFeed(onStatus: (status: LiveDeviceStatus) => void): void {
  const latest = useRef(onStatus);
  useEffect(() => {
    latest.current = onStatus;
  });
  useEffect(() => {
    if (!sessionLiveData() || !current) return;
    return current.source.followOrgStatus((status) => latest.current(status));
  }, []);
}
