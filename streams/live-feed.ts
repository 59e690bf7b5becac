import { openLiveSocket } from './live-socket.ts';
import {
  socketLiveSource,
  type ConnectLiveSourceOptions,
  type SocketLiveSource,
} from './socket-live-source.ts';
import {
  socketMessageSource,
  type MessageSource,
  type MessageSourceOptions,
} from './socket-message-source.ts';
import { wireCheck } from './wire-check.ts';

/**
 * The live feed at `/api/live` over one socket: points and status changes for
 * the charts and device lists (`live`), and the devices' message logs
 * (`messages`), each with its own subscriptions.
 */
export interface LiveFeed {
  readonly live: SocketLiveSource;
  readonly messages: MessageSource;
  /** Payloads dropped because they did not match the protocol, by event. */
  dropped(): ReadonlyMap<string, number>;
  /** Forgets every follower and listener and disconnects. */
  close(): void;
}

export interface ConnectLiveFeedOptions extends ConnectLiveSourceOptions {
  messages?: MessageSourceOptions;
}

/** Opens the live feed: one socket shared by its points, status and message logs. */
export function connectLiveFeed(options: ConnectLiveFeedOptions = {}): LiveFeed {
  const { url, token, messages: messageOptions, ...liveOptions } = options;
  const socket = openLiveSocket({ url, token });
  const check = liveOptions.check ?? wireCheck(liveOptions.onInvalid);
  const live = socketLiveSource(socket, { ...liveOptions, check });
  const messages = socketMessageSource(socket, { ...messageOptions, check });
  return {
    live,
    messages,
    dropped: check.dropped,
    close() {
      messages.close();
      live.close();
    },
  };
}
