import { HttpError } from '../lib/http-error.ts';

interface LocationInput {
  address?: string | null;
  lat?: number | null;
  lng?: number | null;
  /** The spec's name for lng (§3 Device). */
  long?: number | null;
}

interface Location {
  address?: string | null;
  lat?: number | null;
  lng?: number | null;
}

/** The longitude a body gives, as `lng` or as the spec's `long`; both given must agree. */
export function longitudeOf(body: LocationInput): number | null | undefined {
  if (body.long === undefined) return body.lng;
  if (body.lng !== undefined && body.lng !== body.long) {
    throw new HttpError(400, 'body.long and body.lng differ: send one of them');
  }
  return body.long;
}

/**
 * The location an update writes. An uncalibrated device shows no location
 * (spec §4), so a client sending back what it read sends nulls: those keep the
 * stored location, which shows again once the device is calibrated.
 */
export function locationUpdate(body: LocationInput, calibrated: boolean): Location {
  const given = { address: body.address, lat: body.lat, lng: longitudeOf(body) };
  const hiddenNull = (value: unknown) => !calibrated && value === null;
  return {
    ...(given.address !== undefined && !hiddenNull(given.address) && { address: given.address }),
    ...(given.lat !== undefined && !hiddenNull(given.lat) && { lat: given.lat }),
    ...(given.lng !== undefined && !hiddenNull(given.lng) && { lng: given.lng }),
  };
}

/** Where a device stands, as stored. */
interface StoredPlace {
  address: string | null;
  lat: number | null;
  lng: number | null;
  loc_type: string;
}

/**
 * Whether an update moves the device: a new position, address or location
 * type. Values sent back as they were read move nothing: a form saving every
 * field, with its numbers rounded to what a double holds for sure (a tenth of
 * a millimetre is far below any position's accuracy) and its text trimmed.
 */
export function movesDevice(
  current: StoredPlace,
  location: Location,
  locType: string | undefined,
): boolean {
  const text = (value: string | null) => (value ?? '').trim();
  const number = (next: number | null | undefined, now: number | null) =>
    next !== undefined &&
    (next === null || now === null ? next !== now : Math.abs(next - now) > 1e-9);
  return (
    (location.address !== undefined && text(location.address) !== text(current.address)) ||
    number(location.lat, current.lat) ||
    number(location.lng, current.lng) ||
    (locType !== undefined && locType !== current.loc_type)
  );
}
