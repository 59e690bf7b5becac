import { TtlCache } from '../lib/ttl-cache.ts';
import { REVERSE_MAX_DISTANCE_M, type Address } from '../../contracts/address.ts';

/** Answers are kept this long: addresses change seldom. */
const CACHE_MS = 24 * 60 * 60_000;
const CACHE_ENTRIES = 10_000;
/** Search answers hold at most this many addresses. */
export const SEARCH_LIMIT = 10;
/** Reverse lookups of places closer than this (about 1 m) share an answer. */
const COORDINATE_DECIMALS = 5;

/** The address service did not answer in time, or not as it should. */
export class AddressServiceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AddressServiceError';
  }
}

export interface AddressClientOptions {
  /** The service's base URL, e.g. https://api.dataforsyningen.dk. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Metres between two places (haversine; plenty for "is it near"). */
export function metresBetween(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * An access address in the service's `struktur=mini` shape (flat: id,
 * vejnavn, husnr, postnr, postnrnavn, x = longitude, y = latitude,
 * betegnelse), or undefined when it is not one.
 */
export function fromMini(raw: unknown): Omit<Address, 'distance'> | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const row = raw as Record<string, unknown>;
  const { x, y } = row;
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x + y)) return undefined;
  const id = text(row.id);
  if (id === '') return undefined;
  const street = text(row.adresseringsvejnavn) || text(row.vejnavn);
  const houseNumber = text(row.husnr);
  const postcode = text(row.postnr);
  const city = text(row.postnrnavn);
  const line = [`${street} ${houseNumber}`.trim(), `${postcode} ${city}`.trim()]
    .filter(Boolean)
    .join(', ');
  return {
    id,
    text: text(row.betegnelse) || line,
    street,
    houseNumber,
    postcode,
    city,
    lat: y,
    lng: x,
  };
}

/**
 * The Danish public address service (DAWA): the access address nearest a
 * place (`adgangsadresser/reverse?x&y&struktur=mini`) and a search by text
 * (`adgangsadresser?q&struktur=mini`). Answers are cached; a call that takes
 * longer than the timeout fails with AddressServiceError, and failures are
 * not cached.
 */
export function createAddressClient(options: AddressClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const reverseCache = new TtlCache<string, Address | null>(CACHE_MS, CACHE_ENTRIES);
  const searchCache = new TtlCache<string, Address[]>(CACHE_MS, CACHE_ENTRIES);

  async function get(path: string, query: Record<string, string>): Promise<unknown> {
    const url = `${base}${path}?${new URLSearchParams(query)}`;
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new AddressServiceError('The address service did not answer in time', {
        cause: error,
      });
    }
    if (response.status === 404) return null;
    if (!response.ok)
      throw new AddressServiceError(`The address service answered ${response.status}`);
    try {
      return await response.json();
    } catch (error) {
      throw new AddressServiceError('The address service answered something that is not JSON', {
        cause: error,
      });
    }
  }

  return {
    /** The access address nearest the place, or null when none lies within 500 m. */
    reverse(place: { lat: number; lng: number }): Promise<Address | null> {
      const lat = place.lat.toFixed(COORDINATE_DECIMALS);
      const lng = place.lng.toFixed(COORDINATE_DECIMALS);
      return reverseCache.get(`${lat},${lng}`, async () => {
        const raw = await get('/adgangsadresser/reverse', { x: lng, y: lat, struktur: 'mini' });
        if (raw === null) return null;
        const address = fromMini(raw);
        if (!address) throw new AddressServiceError('The address service answered an odd shape');
        const distance = Math.round(metresBetween(place, address));
        return distance <= REVERSE_MAX_DISTANCE_M ? { ...address, distance } : null;
      });
    },

    /** Access addresses matching a text, best first. */
    search(q: string): Promise<Address[]> {
      const key = q.trim().replace(/\s+/g, ' ').toLowerCase();
      return searchCache.get(key, async () => {
        const raw = await get('/adgangsadresser', {
          q: key,
          struktur: 'mini',
          per_side: String(SEARCH_LIMIT),
        });
        if (raw === null) return [];
        if (!Array.isArray(raw))
          throw new AddressServiceError('The address service answered an odd shape');
        return raw.flatMap((row) => {
          const address = fromMini(row);
          return address ? [{ ...address, distance: 0 }] : [];
        });
      });
    },
  };
}

export type AddressClient = ReturnType<typeof createAddressClient>;
