import Supercluster from 'supercluster';
import type { DeviceStatus } from '../../contracts/device.ts';
import {
  noStatuses,
  urgency,
  urgentStatus,
  type MapPoint,
  type StatusCounts,
} from './status-counts.ts';

export type { MapPoint, StatusCounts } from './status-counts.ts';

/** One thing drawn at a place: a device, or a cluster of devices too close to tell apart. */
export type MapMark =
  | { kind: 'device'; position: [number, number]; device: MapPoint }
  | {
      kind: 'cluster';
      id: number;
      position: [number, number];
      count: number;
      statuses: StatusCounts;
      /** The status a cluster is coloured by: the most urgent one in it. */
      status: DeviceStatus;
    };

type ClusterProps = StatusCounts;

/**
 * Devices grouped by place for each zoom (supercluster), so a map of 100,000
 * devices draws a few hundred marks. A cluster counts its devices by status.
 */
export class DeviceClusters {
  private readonly index: Supercluster<{ device: MapPoint }, ClusterProps>;
  private readonly count: number;

  constructor(points: readonly MapPoint[], radius = 48) {
    this.count = points.length;
    this.index = new Supercluster<{ device: MapPoint }, ClusterProps>({
      radius,
      maxZoom: 16,
      // Flat counts: supercluster copies a cluster's properties shallowly.
      map: (props) => ({ ...noStatuses(), [props.device.status]: 1 }),
      reduce: (into, props) => {
        for (const status of urgency) into[status] += props[status];
      },
    });
    this.index.load(
      points.map((device) => ({
        type: 'Feature',
        properties: { device },
        geometry: { type: 'Point', coordinates: [device.lng, device.lat] },
      })),
    );
  }

  get size(): number {
    return this.count;
  }

  /** The marks within bounds [west, south, east, north] at a zoom. */
  marks(bounds: [number, number, number, number], zoom: number): MapMark[] {
    return this.index.getClusters(bounds, Math.floor(zoom)).map((feature) => {
      const [lng = 0, lat = 0] = feature.geometry.coordinates;
      const props = feature.properties;
      if ('cluster' in props && props.cluster) {
        return {
          kind: 'cluster',
          id: props.cluster_id,
          position: [lng, lat],
          count: props.point_count,
          statuses: { green: props.green, yellow: props.yellow, red: props.red, none: props.none },
          status: urgentStatus(props),
        };
      }
      return {
        kind: 'device',
        position: [lng, lat],
        device: (props as { device: MapPoint }).device,
      };
    });
  }

  /** The zoom at which a cluster falls apart into smaller ones. */
  expansionZoom(clusterId: number): number {
    return this.index.getClusterExpansionZoom(clusterId);
  }
}

/** Bounds [west, south, east, north] around the devices, or null when there are none. */
export function boundsOf(
  points: readonly { lat: number; lng: number }[],
): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let west = 180;
  let south = 90;
  let east = -180;
  let north = -90;
  for (const { lat, lng } of points) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}
