import { io, type Socket } from 'socket.io-client';
import {
  LIVE_PATH,
  type LiveClientEvents,
  type LiveServerEvents,
  type Unchecked,
} from '../contracts/live.ts';

/** What the client sends, with the server's answers unchecked until they arrive. */
type ClientEvents = {
  [E in keyof LiveClientEvents]: (
    request: Parameters<LiveClientEvents[E]>[0],
    ack: (answer: unknown) => void,
  ) => void;
};

/**
 * The live feed's socket as the client holds it: what the server sends is
 * unknown until checked against contracts/live.ts (wire-check.ts).
 */
export type LiveSocket = Socket<Unchecked<LiveServerEvents>, ClientEvents>;

export interface LiveSocketOptions {
  /** The server's origin; the page's own when absent. */
  url?: string;
  /** The session or API token for the handshake, read again on every reconnection. Without it the SESSION cookie is used. */
  token?: () => string | null | undefined;
}

/** A socket.io socket to the live feed at `/api/live`, shared by the live source and the message logs. */
export function openLiveSocket({ url, token }: LiveSocketOptions = {}): LiveSocket {
  const socketOptions = {
    path: LIVE_PATH,
    // Straight onto a WebSocket: no long-polling handshake, requests and upgrade first (a
    // wall's graphs subscribe as the page opens). Where a WebSocket cannot get through (a
    // proxy), long polling is tried next.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    auth: (send: (data: object) => void) => send({ token: token?.() ?? undefined }),
  };
  return url === undefined ? io(socketOptions) : io(url, socketOptions);
}
