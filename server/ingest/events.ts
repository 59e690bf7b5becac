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

interface DataEventMap {
  points: [CommittedBatch];
  status: [StatusChange];
}

/**
 * What ingest tells the rest of this process after a commit: the live feed
 * listens and sends the points on to browsers (and, through the Redis
 * adapter, to browsers connected to other nodes). Listeners must not throw.
 */
export class DataEvents extends EventEmitter<DataEventMap> {}
