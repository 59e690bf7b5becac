import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from './common.ts';
import { DeviceStatus } from './device.ts';
import { EntityId, KeyName } from './list.ts';
import { Message } from './message.ts';

/**
 * The live feed: socket.io at `/api/live` (docs/live.md). The server checks
 * what clients send with these schemas and clients check what the server
 * sends, so both sides read one protocol.
 */
export const LIVE_PATH = '/api/live';

/** The most devices one subscribe or unsubscribe names. */
export const MAX_DEVICES_PER_CALL = 500;
/** The most data keys one subscribe filters by. */
export const MAX_KEYS = 50;

/**
 * How long a device may stay silent and still count as receiving data: the
 * server's status window (spec §4 Device status: silent this long, green
 * turns yellow). The console calls a series stale after this long without a
 * value, unless the series' own pace says sooner (streams/freshness.ts).
 */
export const DATA_SILENCE_MS = 15 * 60_000;

const DeviceIds = Type.Array(EntityId, { maxItems: MAX_DEVICES_PER_CALL });
const Ids = Type.Array(Type.Integer());

/* Client → server. Each carries an acknowledgement callback. */

/** Points and status of devices (`keys` absent or empty: every key), and/or `org`: the status of every device the caller may see. */
export const SubscribeRequest = Type.Object(
  {
    deviceIds: Type.Optional(DeviceIds),
    keys: Type.Optional(Type.Array(KeyName, { maxItems: MAX_KEYS })),
    org: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SubscribeRequest = Static<typeof SubscribeRequest>;

export const UnsubscribeRequest = Type.Object(
  {
    deviceIds: Type.Optional(DeviceIds),
    org: Type.Optional(Type.Boolean({ description: 'true: stop the organisation status feed' })),
  },
  { additionalProperties: false },
);
export type UnsubscribeRequest = Static<typeof UnsubscribeRequest>;

/** The message logs of devices: a subscription apart from points and status. */
export const MessagesSubscribeRequest = Type.Object(
  { deviceIds: Type.Optional(DeviceIds) },
  { additionalProperties: false },
);
export type MessagesSubscribeRequest = Static<typeof MessagesSubscribeRequest>;

/** A refused request: a bad payload, or the session has ended. */
export const LiveRefusal = Type.Object({ ok: Type.Literal(false), error: Type.String() });
export type LiveRefusal = Static<typeof LiveRefusal>;

export const SubscribeAck = Type.Union([
  Type.Object({
    ok: Type.Literal(true),
    subscribed: Ids,
    /** Devices that do not exist or that the caller may not follow; nobody learns which. */
    refused: Ids,
    org: Type.Boolean(),
  }),
  LiveRefusal,
]);
export type SubscribeAck = Static<typeof SubscribeAck>;

export const MessagesSubscribeAck = Type.Union([
  Type.Object({ ok: Type.Literal(true), subscribed: Ids, refused: Ids }),
  LiveRefusal,
]);
export type MessagesSubscribeAck = Static<typeof MessagesSubscribeAck>;

export const UnsubscribeAck = Type.Union([
  Type.Object({ ok: Type.Literal(true), unsubscribed: Ids }),
  LiveRefusal,
]);
export type UnsubscribeAck = Static<typeof UnsubscribeAck>;

/* Server → client. */

/** One committed value of a data key; text values have `value` null. */
export const LivePoint = Type.Object({
  key: Type.String(),
  time: Timestamp,
  value: Nullable(Type.Number()),
  textValue: Nullable(Type.String()),
});
export type LivePoint = Static<typeof LivePoint>;

/** Committed points of one device, oldest first within a batch. */
export const PointsEvent = Type.Object({ deviceId: Type.Integer(), points: Type.Array(LivePoint) });
export type PointsEvent = Static<typeof PointsEvent>;

/** A device's status colour changed (spec §4 Device status). */
export const StatusEvent = Type.Object({
  deviceId: Type.Integer(),
  status: DeviceStatus,
  lastDataAt: Nullable(Timestamp),
  lastConnectionAt: Nullable(Timestamp),
});
export type StatusEvent = Static<typeof StatusEvent>;

/** Packets of one device were logged, in packet order; each as the messages API shows it. */
export const MessagesEvent = Type.Object({
  deviceId: Type.Integer(),
  messages: Type.Array(Message),
});
export type MessagesEvent = Static<typeof MessagesEvent>;

/** Subscriptions the server ended because the caller may no longer follow them (a move). */
export const SubscriptionsEndedEvent = Type.Object({
  /** No more points or status of these devices. */
  deviceIds: Ids,
  /** No more packets of these devices' message logs. */
  messageDeviceIds: Ids,
});
export type SubscriptionsEndedEvent = Static<typeof SubscriptionsEndedEvent>;

/** The `data` of a refused handshake's `connect_error` (its message: `Sign in to continue`). */
export const LiveConnectRefusal = Type.Object({ statusCode: Type.Literal(401) });
export type LiveConnectRefusal = Static<typeof LiveConnectRefusal>;

/** What the server emits, by event name (socket.io's listen map). */
export interface LiveServerEvents {
  points: (event: PointsEvent) => void;
  status: (event: StatusEvent) => void;
  messages: (event: MessagesEvent) => void;
  /** The session or token no longer works; the server disconnects next. */
  'session.ended': () => void;
  'subscriptions.ended': (event: SubscriptionsEndedEvent) => void;
}

/** What a client emits, by event name (socket.io's emit map). */
export interface LiveClientEvents {
  subscribe: (request: SubscribeRequest, ack: (answer: SubscribeAck) => void) => void;
  unsubscribe: (request: UnsubscribeRequest, ack: (answer: UnsubscribeAck) => void) => void;
  'messages.subscribe': (
    request: MessagesSubscribeRequest,
    ack: (answer: MessagesSubscribeAck) => void,
  ) => void;
  'messages.unsubscribe': (
    request: MessagesSubscribeRequest,
    ack: (answer: UnsubscribeAck) => void,
  ) => void;
}

/**
 * The same events as the other side receives them: unchecked. Each side checks
 * a payload with its schema (Value.Check) before it trusts it.
 */
export type Unchecked<Events> = {
  [E in keyof Events]: Events[E] extends (...args: infer A) => void
    ? (...args: { [I in keyof A]: unknown }) => void
    : never;
};
