import type { WeatherAnswer, WeatherQuery } from '../../contracts/weather.ts';
import type { StoredWeatherDay } from '../repositories/weather-repository.ts';
import type { HourlyWeather, WeatherPlace, WeatherProvider } from './weather-provider.ts';
import { weatherRecord } from './weather-record.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Today's and coming days are fetched again after this long: forecasts move. */
export const WEATHER_FRESH_MS = HOUR_MS;
/** A failed lookup of a place and day is not tried again for this long. */
export const WEATHER_FAILURE_MS = 5 * 60_000;
/** Failures remembered at most; beyond it the ones that ran out are forgotten. */
const FAILURES_KEPT = 10_000;

/** Where days of weather are kept between lookups (weather-repository.ts). */
export interface WeatherStore {
  get(place: WeatherPlace, day: string): Promise<StoredWeatherDay | undefined>;
  put(place: WeatherPlace, day: string, stored: StoredWeatherDay): Promise<void>;
}

export interface WeatherServiceDeps {
  provider: WeatherProvider;
  store: WeatherStore;
  /** Where provider trouble is told: one warning per failed upstream call. */
  log: { warn(details: object, message: string): void };
  now?: () => number;
}

/** A place rounded as the cache keeps it: two decimals, about 1 km. */
export function cachePlace(place: WeatherPlace): WeatherPlace {
  const round = (degrees: number) => Math.round(degrees * 100) / 100 || 0;
  return { lat: round(place.lat), long: round(place.long) };
}

/**
 * Whether a kept day may answer without asking the provider: a day fetched
 * after it ended, with every hour whole, is kept for good; any other (today,
 * a coming day, a day the provider had gaps in) for an hour.
 */
export function isFresh(stored: StoredWeatherDay, day: string, now: number): boolean {
  const fetched = stored.fetchedAt.getTime();
  const dayEnd = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
  const whole =
    stored.hours.length === 24 &&
    stored.hours.every((hour) => Object.values(hour).every((value) => value !== null));
  return (fetched >= dayEnd && whole) || now - fetched < WEATHER_FRESH_MS;
}

/**
 * Weather for chart tooltips (spec §7, §9; docs/weather.md): the record of
 * the hour that holds a time, at a place. Days are kept in the store per
 * rounded place and UTC day; lookups of one key under way share one upstream
 * call; a failed call answers null and is remembered in memory for
 * WEATHER_FAILURE_MS, so provider trouble costs one warning, not a storm.
 */
export function createWeatherService(deps: WeatherServiceDeps) {
  const now = deps.now ?? Date.now;
  const loading = new Map<string, Promise<HourlyWeather[] | null>>();
  const failedUntil = new Map<string, number>();

  function rememberFailure(key: string) {
    if (failedUntil.size >= FAILURES_KEPT) {
      for (const [old, until] of failedUntil) if (until <= now()) failedUntil.delete(old);
    }
    if (failedUntil.size < FAILURES_KEPT) failedUntil.set(key, now() + WEATHER_FAILURE_MS);
  }

  async function load(key: string, place: WeatherPlace, day: string) {
    const stored = await deps.store.get(place, day);
    if (stored && isFresh(stored, day, now())) return stored.hours;
    let hours: HourlyWeather[];
    try {
      hours = await deps.provider.hours(place, day);
    } catch (error) {
      rememberFailure(key);
      deps.log.warn({ err: error, place, day }, 'weather: the provider failed; answering none');
      // An older copy of the day beats none.
      return stored?.hours ?? null;
    }
    if (hours.length === 0) return stored?.hours ?? null;
    try {
      await deps.store.put(place, day, { hours, fetchedAt: new Date(now()) });
    } catch (error) {
      deps.log.warn({ err: error, place, day }, 'weather: could not keep the day');
    }
    return hours;
  }

  /** The hours of a day at a place: kept, fetched once for all who ask, or null. */
  function hoursOf(place: WeatherPlace, day: string): Promise<HourlyWeather[] | null> {
    const key = `${place.lat},${place.long},${day}`;
    const pending = loading.get(key);
    if (pending) return pending;
    if ((failedUntil.get(key) ?? 0) > now()) return Promise.resolve(null);
    failedUntil.delete(key);
    const promise = load(key, place, day).finally(() => loading.delete(key));
    loading.set(key, promise);
    return promise;
  }

  return {
    async lookup(query: WeatherQuery): Promise<WeatherAnswer> {
      const time = Date.parse(query.date);
      if (!Number.isFinite(time)) return { weather: null };
      const hourStart = new Date(Math.floor(time / HOUR_MS) * HOUR_MS);
      const day = hourStart.toISOString().slice(0, 10);
      const place = cachePlace(query);
      const hours = await hoursOf(place, day);
      const hour = hours?.find((h) => h.hour === hourStart.getUTCHours());
      return { weather: weatherRecord(hour, { ...place, hourStart }, query.language) };
    },
  };
}

export type WeatherService = ReturnType<typeof createWeatherService>;
