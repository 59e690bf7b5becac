import { describe, expect, it } from 'vitest';
import { createOpenMeteoProvider, hoursOfAnswer, openMeteoApi } from './open-meteo.ts';
import { WeatherProviderError } from './weather-provider.ts';

const NOW = Date.parse('2026-11-28T10:00:00Z');

/** An Open-Meteo answer for one day (timezone=GMT), every value from `value(hour)`. */
function answerOf(day: string, value: (hour: number) => number | null = (h) => h) {
  const hours = Array.from({ length: 24 }, (_, h) => h);
  const column = () => hours.map(value);
  return {
    latitude: 55.675,
    longitude: 12.575,
    generationtime_ms: 0.04,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: 9,
    hourly_units: { time: 'iso8601', temperature_2m: '°C' },
    hourly: {
      time: hours.map((h) => `${day}T${String(h).padStart(2, '0')}:00`),
      temperature_2m: column(),
      relative_humidity_2m: column(),
      surface_pressure: column(),
      wind_speed_10m: column(),
      weather_code: column(),
    },
  };
}

function fakeFetch(answer: (url: URL) => Response | Promise<Response>) {
  const urls: URL[] = [];
  const doFetch = async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    urls.push(url);
    return answer(url);
  };
  return { urls, fetch: doFetch as typeof fetch };
}

const provider = (doFetch: typeof fetch, timeoutMs = 1000) =>
  createOpenMeteoProvider({
    forecastUrl: 'http://forecast.test/',
    archiveUrl: 'http://archive.test',
    timeoutMs,
    fetch: doFetch,
    now: () => NOW,
  });

describe('Open-Meteo', () => {
  it('asks the forecast API for recent and coming days, the archive for older ones', () => {
    expect(openMeteoApi('2026-11-28', NOW)).toBe('forecast');
    expect(openMeteoApi('2026-12-13', NOW)).toBe('forecast');
    expect(openMeteoApi('2026-12-14', NOW)).toBeNull();
    expect(openMeteoApi('2026-08-30', NOW)).toBe('forecast');
    expect(openMeteoApi('2026-08-29', NOW)).toBe('archive');
    expect(openMeteoApi('1940-01-01', NOW)).toBe('archive');
    expect(openMeteoApi('1939-12-31', NOW)).toBeNull();
  });

  it('asks for one UTC day of hourly values and reads them hour by hour', async () => {
    const { urls, fetch } = fakeFetch(
      (url) => new Response(JSON.stringify(answerOf(url.searchParams.get('start_date') ?? ''))),
    );
    const hours = await provider(fetch).hours({ lat: 55.68, long: 12.58 }, '2026-11-27');
    expect(urls.map((u) => `${u.origin}${u.pathname}`)).toEqual([
      'http://forecast.test/v1/forecast',
    ]);
    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toEqual({
      latitude: '55.68',
      longitude: '12.58',
      hourly: 'temperature_2m,relative_humidity_2m,surface_pressure,wind_speed_10m,weather_code',
      start_date: '2026-11-27',
      end_date: '2026-11-27',
      timezone: 'GMT',
      wind_speed_unit: 'kmh',
    });
    expect(hours).toHaveLength(24);
    expect(hours[13]).toEqual({
      hour: 13,
      code: 13,
      temperature: 13,
      windSpeedKmh: 13,
      humidity: 13,
      pressure: 13,
    });
    await provider(fetch).hours({ lat: -33.87, long: 151.21 }, '2025-12-25');
    expect(`${urls[1]?.origin}${urls[1]?.pathname}`).toBe('http://archive.test/v1/archive');
  });

  it('makes no call for a day no API has', async () => {
    const { urls, fetch } = fakeFetch(() => new Response('{}'));
    expect(await provider(fetch).hours({ lat: 1, long: 2 }, '2027-06-01')).toEqual([]);
    expect(urls).toEqual([]);
  });

  it('keeps nulls as nulls', () => {
    const hours = hoursOfAnswer(
      answerOf('2026-11-27', (h) => (h === 5 ? null : h)),
      '2026-11-27',
    );
    expect(hours[5]).toEqual({
      hour: 5,
      code: null,
      temperature: null,
      windSpeedKmh: null,
      humidity: null,
      pressure: null,
    });
  });

  it('fails with the reason Open-Meteo gives, on errors, odd answers and timeouts', async () => {
    const fails = async (answer: () => Response | Promise<Response>, message: RegExp) => {
      const { fetch } = fakeFetch(answer);
      const lookup = provider(fetch, 100).hours({ lat: 1, long: 2 }, '2026-11-27');
      await expect(lookup).rejects.toThrow(WeatherProviderError);
      await expect(lookup).rejects.toThrow(message);
    };
    await fails(
      () =>
        new Response(JSON.stringify({ error: true, reason: 'Latitude must be in range' }), {
          status: 400,
        }),
      /answered 400: Latitude must be in range/,
    );
    await fails(
      () => new Response('<html>', { status: 502 }),
      /502 with something that is not JSON/,
    );
    await fails(() => new Response(JSON.stringify({ hourly: { time: 'x' } })), /no hourly times/);
    const noWind = answerOf('2026-11-27');
    delete (noWind.hourly as Partial<typeof noWind.hourly>).wind_speed_10m;
    await fails(() => new Response(JSON.stringify(noWind)), /no wind_speed_10m/);
    await fails(
      () => new Response(JSON.stringify({ ...answerOf('2026-11-27'), utc_offset_seconds: 3600 })),
      /not UTC/,
    );
    const hanging = createOpenMeteoProvider({
      forecastUrl: 'http://forecast.test',
      archiveUrl: 'http://archive.test',
      timeoutMs: 50,
      now: () => NOW,
      fetch: ((_url: string, init?: RequestInit) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        )) as typeof fetch,
    });
    await expect(hanging.hours({ lat: 1, long: 2 }, '2026-11-27')).rejects.toThrow(
      /did not answer in time/,
    );
  });
});
