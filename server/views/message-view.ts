import type { MessageRow } from '../repositories/message-repository.ts';
import type { Message } from '../../contracts/message.ts';

export function messageView(row: MessageRow): Message {
  return {
    id: row.id,
    deviceId: row.device_id,
    deviceName: row.device_name,
    registryId: row.registry_id,
    registryName: row.registry_name,
    receivedAt: row.received_at.toISOString(),
    topic: row.topic,
    payload: row.payload,
    encoding: row.payload_encoding,
    ...(row.truncated ? { truncated: true } : {}),
  };
}
