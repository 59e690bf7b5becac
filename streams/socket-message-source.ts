import { MessagesEvent, MessagesSubscribeAck } from '../contracts/live.ts';
import type { Message } from '../contracts/message.ts';
import type { LiveSocket } from './live-socket.ts';
import { wireCheck, type InvalidPayloadListener, type WireCheck } from './wire-check.ts';

/**
 * `connecting`: not followed yet, or the socket is away (messages may be
 * missed meanwhile). `live`: the server sends the device's new messages.
 * `refused`: the caller may not read the device's message log.
 */
export type MessageFeedState = 'connecting' | 'live' | 'refused';

export interface MessageFollower {
  onMessage(message: Message): void;
  /**
   * Called with the state on `follow` and on every change. `live` comes again
   * after each reconnection: whatever was committed while the feed was away
   * is only in the messages API, so read the shown page again then.
   */
  onState(state: MessageFeedState): void;
}

export interface MessageSource {
  /** Follows a device's message log until the returned function is called. */
  follow(deviceId: number, follower: MessageFollower): () => void;
  /** Forgets every follower; the socket itself stays with its owner. */
  close(): void;
}

export interface MessageSourceOptions {
  /** How long to wait for the server to acknowledge a subscription. */
  ackTimeoutMs?: number;
  /** How long to wait before asking again when a subscription was not acknowledged. */
  retryMs?: number;
  /** Told once per event when what the server sent does not match the protocol (it is dropped). */
  onInvalid?: InvalidPayloadListener;
  /** The check to count drops in, when the socket is shared with other readers. */
  check?: WireCheck;
}

/**
 * The message logs of devices over the live feed's socket, kept apart from
 * the chart buffers: one `messages.subscribe` per followed device, made
 * again after every reconnection.
 */
export function socketMessageSource(
  socket: LiveSocket,
  options: MessageSourceOptions = {},
): MessageSource {
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const check = options.check ?? wireCheck(options.onInvalid);
  const retryMs = options.retryMs ?? 5_000;
  const followers = new Map<number, Set<MessageFollower>>();
  const states = new Map<number, MessageFeedState>();
  const retries = new Set<ReturnType<typeof setTimeout>>();

  const tell = (deviceId: number, state: MessageFeedState) => {
    if (states.get(deviceId) === state) return;
    states.set(deviceId, state);
    for (const follower of [...(followers.get(deviceId) ?? [])]) follower.onState(state);
  };

  const retry = (deviceIds: number[]) => {
    const timer = setTimeout(() => {
      retries.delete(timer);
      void subscribe(deviceIds.filter((id) => followers.has(id)));
    }, retryMs);
    retries.add(timer);
  };

  async function subscribe(deviceIds: number[]): Promise<void> {
    if (deviceIds.length === 0 || !socket.connected) return;
    let answer: unknown;
    try {
      answer = await socket.timeout(ackTimeoutMs).emitWithAck('messages.subscribe', { deviceIds });
    } catch {
      // No answer in time. A disconnection subscribes again on its own.
      if (socket.connected) retry(deviceIds);
      return;
    }
    if (!check.accept('messages.subscribe', MessagesSubscribeAck, answer) || !answer.ok) {
      return retry(deviceIds);
    }
    for (const id of answer.subscribed) if (followers.has(id)) tell(id, 'live');
    for (const id of answer.refused) if (followers.has(id)) tell(id, 'refused');
  }

  const onConnect = () => void subscribe([...followers.keys()]);
  const onDisconnect = () => {
    for (const id of followers.keys()) tell(id, 'connecting');
  };
  const onMessages = (event: unknown) => {
    if (!check.accept('messages', MessagesEvent, event)) return;
    for (const message of event.messages) {
      for (const follower of [...(followers.get(message.deviceId) ?? [])]) {
        follower.onMessage(message);
      }
    }
  };
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('messages', onMessages);

  return {
    follow(deviceId, follower) {
      let group = followers.get(deviceId);
      if (group) {
        group.add(follower);
        follower.onState(states.get(deviceId) ?? 'connecting');
      } else {
        group = new Set([follower]);
        followers.set(deviceId, group);
        states.set(deviceId, 'connecting');
        follower.onState('connecting');
        void subscribe([deviceId]);
      }
      const own = group;
      return () => {
        own.delete(follower);
        if (own.size > 0 || followers.get(deviceId) !== own) return;
        followers.delete(deviceId);
        states.delete(deviceId);
        // Nothing to do with the answer: a failed unsubscribe means the session is gone too.
        if (socket.connected) {
          socket.emit('messages.unsubscribe', { deviceIds: [deviceId] }, () => undefined);
        }
      };
    },
    close() {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('messages', onMessages);
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
      followers.clear();
      states.clear();
    },
  };
}
