import type { FastifyBaseLogger } from 'fastify';
import type { DeviceIngestConfig, StoredPacket } from '../repositories/ingest-repository.ts';
import type { CommittedMessage, DataEvents } from './events.ts';

interface WrittenJob {
  device: DeviceIngestConfig;
  packet: StoredPacket;
}

/**
 * The message log entries of a committed batch, in packet order: each packet
 * with the id its message got (`messageIds` lists a device's ids in the
 * order of its packets). Packets of devices deleted meanwhile were not
 * logged and are left out.
 */
export function committedMessages(
  jobs: readonly WrittenJob[],
  messageIds: ReadonlyMap<number, readonly number[]>,
): CommittedMessage[] {
  const used = new Map<number, number>();
  const messages: CommittedMessage[] = [];
  for (const { device, packet } of jobs) {
    const index = used.get(packet.deviceId) ?? 0;
    const id = messageIds.get(packet.deviceId)?.[index];
    if (id === undefined) continue;
    used.set(packet.deviceId, index + 1);
    messages.push({
      id,
      deviceId: packet.deviceId,
      orgUuid: device.orgUuid,
      deviceName: device.name,
      registryId: packet.registryId,
      registryName: packet.registryId === null ? null : device.registryName,
      receivedAt: packet.receivedAt.toISOString(),
      topic: packet.topic,
      payload: packet.payload,
      encoding: packet.encoding,
    });
  }
  return messages;
}

/** Emits `messages` once for a committed batch (the live feed's log). Never throws. */
export function announceMessages(
  events: DataEvents,
  jobs: readonly WrittenJob[],
  messageIds: ReadonlyMap<number, readonly number[]>,
  log: FastifyBaseLogger,
): void {
  try {
    const messages = committedMessages(jobs, messageIds);
    if (messages.length > 0) events.emit('messages', messages);
  } catch (error) {
    log.error({ err: error }, 'ingest: a message listener failed after a commit');
  }
}
