import type { ChartPlace } from '../../../api/chart-context/tooltip-context.tsx';

/** Devices this close to their middle share one place for the weather (a site, a town). */
export const SHARED_PLACE_KM = 10;

interface Placed {
  lat: number | null;
  lng: number | null;
  calibrated: boolean;
}

/** Kilometres between two places (equirectangular: plenty for "within a town"). */
function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.sqrt(x * x + y * y) * 6371;
}

/**
 * The one place a chart of several devices is about, for its tooltip's
 * weather: the middle of its calibrated devices when they all lie within
 * SHARED_PLACE_KM of it (the counters of one site or town), else none.
 * Devices none of which is calibrated give the notCalibrated text.
 */
export function sharedPlace(devices: readonly Placed[]): ChartPlace | null {
  const placed = devices.flatMap((d) =>
    d.calibrated && d.lat !== null && d.lng !== null ? [{ lat: d.lat, lng: d.lng }] : [],
  );
  if (placed.length === 0)
    return devices.length > 0 && devices.every((d) => !d.calibrated)
      ? { lat: null, long: null, calibrated: false }
      : null;
  const middle = {
    lat: placed.reduce((sum, d) => sum + d.lat, 0) / placed.length,
    lng: placed.reduce((sum, d) => sum + d.lng, 0) / placed.length,
  };
  if (placed.some((d) => kmBetween(d, middle) > SHARED_PLACE_KM)) return null;
  return { lat: middle.lat, long: middle.lng, calibrated: true };
}
