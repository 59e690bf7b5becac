import { Type, type Static } from 'typebox';

/**
 * The answer to a packet sent over HTTP, once it is stored. The body sent is
 * the packet itself, byte for byte, as it would be published over MQTT: it
 * has no shape of its own.
 */
export const IngestAnswer = Type.Object({
  ok: Type.Boolean(),
  /** Points stored from the packet (after decoding and synthetic keys). */
  points: Type.Integer(),
});
export type IngestAnswer = Static<typeof IngestAnswer>;
