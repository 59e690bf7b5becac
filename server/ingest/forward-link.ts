/** The pause after the first failed attempt; it doubles with each failure after it. */
export const RETRY_FIRST_MS = 5_000;
/** The longest pause between attempts. */
export const RETRY_MAX_MS = 5 * 60_000;
/** Forwards held while a connection is being made; beyond it they are dropped. */
export const MAX_WAITING_FOR_CONNECT = 100;

/** The pause before the next attempt after `failures` failures in a row (at least 1). */
export const retryDelay = (failures: number): number =>
  Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS);

export interface ForwardMessage {
  topic: string;
  message: string;
}

/** One attempt's connection, as the link sees it. */
export interface ForwardConnection {
  publish(message: ForwardMessage): void;
  close(): void;
}

/** What an attempt reports: connected, an error (kept as the last one), closed. */
export interface ConnectionEvents {
  connected(): void;
  error(error: Error): void;
  closed(): void;
}

export type LinkState =
  | { state: 'idle'; since: number }
  | { state: 'connecting'; since: number }
  | { state: 'connected'; since: number }
  | {
      state: 'failing' | 'refused';
      since: number;
      error: string;
      failures: number;
      nextRetryAt: number;
    };

export interface ForwardLink {
  /** Sends, holds while connecting, or drops while failing; may start an attempt. */
  send(message: ForwardMessage): void;
  state(): LinkState;
  close(): void;
}

export interface ForwardLinkDeps {
  open(events: ConnectionEvents): ForwardConnection;
  now(): number;
  /** Tells a refusal by the address rules from other failures. */
  isRefusal(error: Error): boolean;
}

/**
 * The forward's connection to one target. It connects on first use; after a
 * failed or lost connection it does not try again before the pause is over
 * (5 s, doubling to 5 min; back to 5 s after a connection succeeds), and then
 * only when there is something to send, so a dead target costs one attempt
 * per pause at most and a silent device none.
 */
export function forwardLink(deps: ForwardLinkDeps): ForwardLink {
  let state: LinkState = { state: 'idle', since: deps.now() };
  let connection: ForwardConnection | undefined;
  let waiting: ForwardMessage[] = [];
  let failures = 0;
  let closed = false;

  function attempt(): void {
    state = { state: 'connecting', since: deps.now() };
    waiting = [];
    let lastError: Error | undefined;
    let wasConnected = false;
    const current = deps.open({
      connected() {
        if (connection !== current) return;
        wasConnected = true;
        failures = 0;
        state = { state: 'connected', since: deps.now() };
        for (const message of waiting) current.publish(message);
        waiting = [];
      },
      error(error) {
        if (connection === current) lastError = error;
      },
      closed() {
        if (connection !== current || closed) return;
        connection = undefined;
        current.close();
        failures++;
        const now = deps.now();
        const refused = lastError !== undefined && deps.isRefusal(lastError);
        const error =
          lastError?.message ??
          (wasConnected ? 'The connection was closed' : 'The connection closed before it was made');
        state = {
          state: refused ? 'refused' : 'failing',
          since: now,
          error,
          failures,
          nextRetryAt: now + retryDelay(failures),
        };
        waiting = [];
      },
    });
    connection = current;
  }

  return {
    send(message) {
      if (closed) return;
      switch (state.state) {
        case 'connected':
          connection?.publish(message);
          return;
        case 'connecting':
          if (waiting.length < MAX_WAITING_FOR_CONNECT) waiting.push(message);
          return;
        case 'idle':
          break;
        default:
          if (deps.now() < state.nextRetryAt) return;
      }
      attempt();
      waiting.push(message);
    },
    state: () => state,
    close() {
      closed = true;
      connection?.close();
      connection = undefined;
      waiting = [];
    },
  };
}
