import { EventEmitter } from 'node:events';

/** One stored value of a device's data key. `time` is an ISO 8601 instant. */
export interface CommittedPoint {
  key: string;
  time: string;
  value: number | null;
  textValue: string | null;
}

/** Points of one device that were just committed to the database. */
export interface CommittedBatch {
  deviceId: number;
  orgUuid: string;
  points: CommittedPoint[];
}

export type DeviceStatusColour = 'green' | 'yellow' | 'red' | 'none';

/** A device's status colour changed (spec §4 Device status). */
export interface StatusChange {
  deviceId: number;
  orgUuid: string;
  status: DeviceStatusColour;
  lastDataAt: string | null;
  lastConnectionAt: string | null;
}

/** A packet's entry in the message log that was just committed (as `GET /api/v1/messages/:id` shows it). */
export interface CommittedMessage {
  id: number;
  deviceId: number;
  orgUuid: string;
  deviceName: string;
  registryId: number | null;
  registryName: string | null;
  receivedAt: string;
  topic: string | null;
  payload: string;
  encoding: 'utf8' | 'base64';
}

interface DataEventMap {
  points: [CommittedBatch];
  status: [StatusChange];
  /** The message log entries of one committed batch, in packet order. */
  messages: [CommittedMessage[]];
}

/**
 * What ingest tells the rest of this process after a commit: the live feed
 * listens and sends the points, status changes and messages on to browsers
 * (and, through the Redis adapter, to browsers connected to other nodes).
 * Listeners must not throw.
 */
export class DataEvents extends EventEmitter<DataEventMap> {}
