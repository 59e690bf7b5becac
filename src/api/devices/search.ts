import { useQuery } from '@tanstack/react-query';
import { useDebounced } from '../../lib/use-debounced.ts';
import type { DeviceFilters } from './keys.ts';
import { deviceListQuery } from './queries.ts';

/** A picker lists this many devices; a search narrows the rest. */
export const DEVICE_CHOICES = 50;

/** The first devices by name that match what was typed, among those the user may see. */
export function useDeviceSearch(text: string, filters?: DeviceFilters) {
  const search = useDebounced(text.trim());
  return useQuery(
    deviceListQuery({
      page: 1,
      pageSize: DEVICE_CHOICES,
      sort: 'name',
      ...(search ? { search } : {}),
      ...(filters ? { filters } : {}),
    }),
  );
}
