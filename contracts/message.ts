import { Type, type Static } from 'typebox';
import { Timestamp } from './common.ts';
import { EntityId, listQuery } from './list.ts';

export const messageSortFields = ['id', 'receivedAt', 'deviceName', 'registryName'] as const;

/** A packet a device sent, as received (spec §3 Message). */
export const Message = Type.Object({
  id: Type.Integer(),
  deviceId: Type.Integer(),
  deviceName: Type.String(),
  registryId: Type.Union([Type.Integer(), Type.Null()]),
  registryName: Type.Union([Type.String(), Type.Null()]),
  receivedAt: Timestamp,
  topic: Type.Union([Type.String(), Type.Null()]),
  /** The packet: its text, or base64 when it is not UTF-8 text. */
  payload: Type.String(),
  encoding: Type.Union([Type.Literal('utf8'), Type.Literal('base64')]),
  /**
   * In a list, beyond its 1 MiB of packets: the payload is only the packet's
   * first 1,024 characters; GET /v1/messages/{id} gives it whole.
   */
  truncated: Type.Optional(Type.Literal(true)),
});
export type Message = Static<typeof Message>;

export const MessageListQuery = Type.Object({
  ...listQuery(messageSortFields),
  deviceId: Type.Optional(EntityId),
  registryId: Type.Optional(EntityId),
});
export type MessageListQuery = Static<typeof MessageListQuery>;

/** `YYYY-MM-DD HH:mm:ss` in UTC, as the spec's calls format times. */
export const SpecTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z?$',
  maxLength: 24,
});

export const DeviceMessagesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1000 })),
});
