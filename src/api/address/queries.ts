import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '../../../contracts/address.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

export const addressKeys = {
  all: ['address'] as const,
  reverse: (lat: string, lng: string) => [...addressKeys.all, 'reverse', lat, lng] as const,
};

/** Places this close (about 1 m, five decimals) share a lookup. */
const DECIMALS = 5;

/**
 * The Danish address nearest a place (GET /v2/address/reverse): the address,
 * or null when none lies within 500 m. An address service that is down or
 * turned off is an error (503), not asked again at once.
 */
export const addressReverseQuery = (lat: number, lng: number) => {
  const latText = lat.toFixed(DECIMALS);
  const lngText = lng.toFixed(DECIMALS);
  return queryOptions({
    queryKey: addressKeys.reverse(latText, lngText),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<Address>(
          'core',
          `/v2/address/reverse?${new URLSearchParams({ lat: latText, lng: lngText })}`,
          { signal },
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
};

/** The address of a place once its coordinates have held still a moment; idle without a place. */
export function useReverseAddress(place: { lat: number; lng: number } | null) {
  const settled = useDebounced(place ? `${place.lat},${place.lng}` : '', 400);
  const [lat, lng] = settled === '' ? [NaN, NaN] : settled.split(',').map(Number);
  const valid = Number.isFinite(lat) && Number.isFinite(lng);
  return useQuery({
    ...addressReverseQuery(valid ? (lat ?? 0) : 0, valid ? (lng ?? 0) : 0),
    enabled: valid,
  });
}
