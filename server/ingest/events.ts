import { EventEmitter } from 'node:events';
import type { LivePoint, StatusEvent } from '../../contracts/live.ts';
import type { Message } from '../../contracts/message.ts';

/** One stored value of a device's data key, as the live feed sends it. `time` is an ISO 8601 instant. */
export type CommittedPoint = LivePoint;

/** Points of one device that were just committed to the database. */
export interface CommittedBatch {
  deviceId: number;
  orgUuid: string;
  points: CommittedPoint[];
}

/** A device's status colour changed (spec §4 Device status); `orgUuid` picks the rooms. */
export interface StatusChange extends StatusEvent {
  orgUuid: string;
}

/** A packet's entry in the message log that was just committed (as `GET /api/v1/messages/:id` shows it). */
export interface CommittedMessage extends Omit<Message, 'truncated'> {
  orgUuid: string;
}

interface DataEventMap {
  /**
   * Points of one packet as soon as they are decoded, before their commit:
   * the live feed's source, so a point reaches browsers without waiting for
   * its batch's write. A packet the database never takes (refused or lost in
   * a crash before its acknowledgement) is redelivered by its device or its
   * HTTP client; browsers drop the second copy by (key, time).
   */
  received: [CommittedBatch];
  /** Points of one device that were just committed (metrics, benches). */
  points: [CommittedBatch];
  status: [StatusChange];
  /** The message log entries of one committed batch, in packet order. */
  messages: [CommittedMessage[]];
}

/**
 * What ingest tells the rest of this process: the live feed listens and
 * sends received points, and status changes and messages after their commit, on to browsers
 * (and, through the Redis adapter, to browsers connected to other nodes).
 * Listeners must not throw.
 */
export class DataEvents extends EventEmitter<DataEventMap> {}
