import type { DeviceStatus } from '../../contracts/device.ts';

/** A device as a map draws it. */
export interface MapPoint {
  id: number;
  name: string;
  lat: number;
  lng: number;
  status: DeviceStatus;
}

export type StatusCounts = Record<DeviceStatus, number>;

export const urgency: readonly DeviceStatus[] = ['red', 'yellow', 'green', 'none'];

export const noStatuses = (): StatusCounts => ({ green: 0, yellow: 0, red: 0, none: 0 });

/** The most urgent status of a cluster: red before yellow before green. */
export function urgentStatus(counts: StatusCounts): DeviceStatus {
  return urgency.find((status) => counts[status] > 0) ?? 'none';
}

/** Every device counted by status (the map's summary line). */
export function countStatuses(points: readonly MapPoint[]): StatusCounts {
  const counts = noStatuses();
  for (const point of points) counts[point.status] += 1;
  return counts;
}
