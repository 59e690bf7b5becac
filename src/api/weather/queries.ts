import { queryOptions } from '@tanstack/react-query';
import type { Language } from '../../../contracts/user.ts';
import type { Weather, WeatherAnswer } from '../../../contracts/weather.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Places this close (two decimals, about 1 km) share a lookup, as the server's cache does. */
const DECIMALS = 2;
const HOUR = 3_600_000;

export const weatherKeys = {
  all: ['weather'] as const,
  at: (lat: string, long: string, hour: string, language: Language) =>
    [...weatherKeys.all, lat, long, hour, language] as const,
};

/**
 * The weather at a place in the hour that holds `time` (GET /v2/weather), for
 * a chart's tooltip: the record, or null when there is none. A failed lookup
 * is only logged (spec §8: chart weather errors are only logged) and answers
 * null: the tooltip shows the rest. Past hours do not change; the current
 * one is asked again after half an hour.
 */
export const weatherQuery = (
  place: { lat: number; long: number },
  time: number,
  language: Language,
) => {
  const lat = place.lat.toFixed(DECIMALS);
  const long = place.long.toFixed(DECIMALS);
  const hour = new Date(Math.floor(time / HOUR) * HOUR).toISOString();
  return queryOptions({
    queryKey: weatherKeys.at(lat, long, hour, language),
    queryFn: async ({ signal }): Promise<Weather | null> => {
      try {
        const answer = await apiRequest<WeatherAnswer>(
          'core',
          `/v2/weather?${new URLSearchParams({ lat, long, date: hour, language })}`,
          { signal },
        );
        return answer.weather;
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn('Chart weather could not be read', error);
        return null;
      }
    },
    staleTime: Math.floor(time / HOUR) * HOUR + HOUR < Date.now() ? Infinity : 30 * 60_000,
    retry: false,
  });
};
