import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DeviceFilters } from './keys.ts';
import { deviceListQuery } from './queries.ts';

/** Typing waits this long before the list is asked again. */
const DEBOUNCE_MS = 250;
/** A picker lists this many devices; a search narrows the rest. */
export const DEVICE_CHOICES = 50;

/** The text after the user stopped typing for a moment. */
export function useDebounced(text: string, ms = DEBOUNCE_MS): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

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
