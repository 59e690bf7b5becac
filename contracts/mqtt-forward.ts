import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from './common.ts';

/**
 * A device's MQTT forward as the answering node sees it: `off` (no host and
 * topic), `idle` (no connection yet: it opens with the device's next data),
 * `connecting`, `connected`, `failing` (the last error, and the earliest time
 * of the next attempt, made with the next data after it) or `refused` (the
 * address rules refuse the target; `nextRetryAt` is null when the address
 * itself is refused, so no attempt is made).
 */
export const MqttForwardStatus = Type.Object({
  state: Type.Union([
    Type.Literal('off'),
    Type.Literal('idle'),
    Type.Literal('connecting'),
    Type.Literal('connected'),
    Type.Literal('failing'),
    Type.Literal('refused'),
  ]),
  /** The target as `scheme://host:port[/path]`, without credentials; null when off. */
  target: Nullable(Type.String()),
  /** Since when the forward is in this state; null for off, idle and a refused address. */
  since: Nullable(Timestamp),
  error: Nullable(Type.String()),
  /** Failed attempts in a row. */
  failures: Type.Integer({ minimum: 0 }),
  nextRetryAt: Nullable(Timestamp),
});
export type MqttForwardStatus = Static<typeof MqttForwardStatus>;
