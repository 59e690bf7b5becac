import { describe, expect, it } from 'vitest';
import type { StoredWeatherDay } from '../repositories/weather-repository.ts';
import type { HourlyWeather, WeatherPlace, WeatherProvider } from './weather-provider.ts';
import { WeatherProviderError } from './weather-provider.ts';
import {
  WEATHER_FAILURE_MS,
  WEATHER_FRESH_MS,
  cachePlace,
  createWeatherService,
  isFresh,
  type WeatherStore,
} from './weather-service.ts';

const dayOf = (value: (hour: number) => number | null = () => 1): HourlyWeather[] =>
  Array.from({ length: 24 }, (_, hour) => ({
    hour,
    code: 3,
    temperature: value(hour),
    windSpeedKmh: 36,
    humidity: 80,
    pressure: 1010,
  }));

function world(start = Date.parse('2026-11-28T10:00:00Z')) {
  let now = start;
  const calls: string[] = [];
  const warnings: string[] = [];
  let fail = false;
  const kept = new Map<string, StoredWeatherDay>();
  const provider: WeatherProvider = {
    async hours(place: WeatherPlace, day: string) {
      calls.push(`${place.lat},${place.long},${day}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new WeatherProviderError('down');
      return dayOf((hour) => hour + calls.length / 100);
    },
  };
  const store: WeatherStore = {
    get: async (place, day) => kept.get(`${place.lat},${place.long},${day}`),
    put: async (place, day, stored) => void kept.set(`${place.lat},${place.long},${day}`, stored),
  };
  const service = createWeatherService({
    provider,
    store,
    log: { warn: (_details, message) => void warnings.push(message) },
    now: () => now,
  });
  return {
    service,
    calls,
    warnings,
    kept,
    setFail: (next: boolean) => {
      fail = next;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const ask = (date: string, lat = 55.6786, long = 12.5794) =>
  ({ lat, long, date, language: 'en' }) as const;

describe('the weather service', () => {
  it('rounds places to two decimals for its key', () => {
    expect(cachePlace({ lat: 55.6786, long: 12.5749 })).toEqual({ lat: 55.68, long: 12.57 });
    expect(cachePlace({ lat: -0.001, long: 179.999 })).toEqual({ lat: 0, long: 180 });
  });

  it('answers the hour that holds the time, of the UTC day it falls in', async () => {
    const { service, calls } = world();
    const answer = await service.lookup(ask('2026-11-27T14:59:59+01:00'));
    expect(calls).toEqual(['55.68,12.58,2026-11-27']);
    expect(answer.weather).toMatchObject({
      lat: 55.68,
      long: 12.58,
      date: '2026-11-27T13:00:00.000Z',
      temperature: 13,
      windSpeed: 10,
      icon: 'cloudy',
      summary: 'Overcast',
    });
    // 00:30 in Copenhagen is still the day before in UTC.
    await service.lookup(ask('2026-11-28T00:30:00+01:00'));
    expect(calls).toEqual(['55.68,12.58,2026-11-27']);
  });

  it('shares one upstream call among lookups of one place and day under way', async () => {
    const { service, calls } = world();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, h) =>
        service.lookup(ask(`2026-11-27T${String(h).padStart(2, '0')}:10:00Z`, 55.681, 12.579)),
      ),
    );
    expect(calls).toHaveLength(1);
    expect(answers.map((a) => a.weather?.date.slice(11, 13))).toEqual(
      Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
    );
  });

  it('keeps a past day for good, and fetches today again after an hour', async () => {
    const { service, calls, advance } = world();
    await service.lookup(ask('2026-11-27T12:00:00Z'));
    await service.lookup(ask('2026-11-28T12:00:00Z'));
    expect(calls).toHaveLength(2);
    advance(WEATHER_FRESH_MS - 1);
    await service.lookup(ask('2026-11-28T12:00:00Z'));
    expect(calls).toHaveLength(2);
    advance(1);
    await service.lookup(ask('2026-11-27T12:00:00Z'));
    const today = await service.lookup(ask('2026-11-28T12:00:00Z'));
    expect(calls).toHaveLength(3);
    expect(today.weather?.temperature).toBe(12);
  });

  it('tells a day kept for good from one to fetch again', () => {
    const fetchedAt = new Date('2026-11-28T00:00:00Z');
    const later = Date.parse('2027-01-01T00:00:00Z');
    expect(isFresh({ hours: dayOf(), fetchedAt }, '2026-11-27', later)).toBe(true);
    // Fetched before the day ended: it held a forecast.
    expect(isFresh({ hours: dayOf(), fetchedAt }, '2026-11-28', later)).toBe(false);
    // The provider had gaps.
    expect(isFresh({ hours: dayOf((h) => (h ? 1 : null)), fetchedAt }, '2026-11-27', later)).toBe(
      false,
    );
    expect(isFresh({ hours: dayOf().slice(1), fetchedAt }, '2026-11-27', later)).toBe(false);
  });

  it('answers null on provider trouble, warns once, and does not ask again for a while', async () => {
    const { service, calls, warnings, setFail, advance } = world();
    setFail(true);
    const answers = await Promise.all(
      ['09', '10', '11'].map((h) => service.lookup(ask(`2026-11-26T${h}:00:00Z`))),
    );
    expect(answers).toEqual([{ weather: null }, { weather: null }, { weather: null }]);
    expect(calls).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    setFail(false);
    advance(WEATHER_FAILURE_MS - 1);
    expect(await service.lookup(ask('2026-11-26T12:00:00Z'))).toEqual({ weather: null });
    expect(calls).toHaveLength(1);
    advance(1);
    expect((await service.lookup(ask('2026-11-26T12:00:00Z'))).weather).not.toBeNull();
    expect(calls).toHaveLength(2);
    expect(warnings).toHaveLength(1);
  });

  it('answers a kept copy when fetching it again fails', async () => {
    const { service, calls, setFail, advance } = world();
    await service.lookup(ask('2026-11-28T08:00:00Z'));
    advance(WEATHER_FRESH_MS);
    setFail(true);
    expect((await service.lookup(ask('2026-11-28T08:00:00Z'))).weather?.temperature).toBe(8);
    expect(calls).toHaveLength(2);
  });

  it('answers null for an hour without values, and a day the provider has nothing of', async () => {
    const { service, kept } = world();
    kept.set('55.68,12.58,2026-11-20', {
      hours: dayOf((h) => (h === 3 ? null : h)),
      fetchedAt: new Date('2026-11-28T09:30:00Z'),
    });
    expect((await service.lookup(ask('2026-11-20T03:00:00Z'))).weather).toBeNull();
    expect((await service.lookup(ask('2026-11-20T04:00:00Z'))).weather?.temperature).toBe(4);
  });
});
