import type { ConnectionState, Store, TransportEvent } from './types.ts';

/**
 * The next connection state after a transport event. `connecting` lasts
 * until the first connection; a lost connection is `reconnecting` while the
 * transport retries and `offline` when it has given up (or was never up and
 * will not retry). A new `connecting` after `offline` is a reconnect attempt.
 */
export function nextConnectionState(
  state: ConnectionState,
  event: TransportEvent,
): ConnectionState {
  switch (event.type) {
    case 'connected':
      return 'live';
    case 'connecting':
      return state === 'connecting' ? 'connecting' : state === 'live' ? 'live' : 'reconnecting';
    case 'disconnected':
      if (!event.retrying) return 'offline';
      return state === 'connecting' ? 'connecting' : 'reconnecting';
  }
}

/** Holds the connection state and tells its listeners each time it changes. */
export class ConnectionStore implements Store<ConnectionState> {
  private state: ConnectionState;
  private readonly listeners = new Set<() => void>();

  constructor(initial: ConnectionState) {
    this.state = initial;
  }

  getSnapshot = (): ConnectionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Applies a transport event; returns the previous state. */
  apply(event: TransportEvent): ConnectionState {
    const previous = this.state;
    this.state = nextConnectionState(previous, event);
    if (this.state !== previous) for (const listener of [...this.listeners]) listener();
    return previous;
  }
}
