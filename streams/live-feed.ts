import {
  openLiveSocket,
  socketLiveSource,
  type ConnectLiveSourceOptions,
  type SocketLiveSource,
} from './socket-live-source.ts';
import {
  socketMessageSource,
  type MessageSource,
  type MessageSourceOptions,
} from './socket-message-source.ts';

/**
 * The live feed at `/api/live` over one socket: points and status changes for
 * the charts and device lists (`live`), and the devices' message logs
 * (`messages`), each with its own subscriptions.
 */
export interface LiveFeed {
  readonly live: SocketLiveSource;
  readonly messages: MessageSource;
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
  const live = socketLiveSource(socket, liveOptions);
  const messages = socketMessageSource(socket, messageOptions);
  return {
    live,
    messages,
    close() {
      messages.close();
      live.close();
    },
  };
}
