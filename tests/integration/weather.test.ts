import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WeatherAnswer, type Weather } from '../../contracts/weather.ts';
import { describeWeather, isDaytime } from '../../server/weather/weather-codes.ts';
import {
  openMeteoHour,
  startOpenMeteoServer,
  type OpenMeteoServer,
} from '../helpers/open-meteo-server.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll } from '../helpers/world.ts';

const DAY_MS = 86_400_000;
const TIMEOUT_MS = 300;
/** A UTC day `offset` days from today, as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
/** The demo's people counter in Copenhagen; the cache keeps it as 55.68, 12.58. */
const COPENHAGEN = { lat: 55.6786, long: 12.5794 };

/**
 * Weather for chart tooltips (spec §7, §9): the weather at a place in the
 * hour that holds a time, through the server from a stand-in speaking
 * Open-Meteo's format; one upstream call per place and day however many ask,
 * kept in the database, and silent (no weather, never an error) when the
 * provider fails, hangs or is turned off.
 */
describe('weather lookup', () => {
  let meteo: OpenMeteoServer;
  let t: TestApp;
  let off: TestApp;
  let token: string;
  let offToken: string;

  const query = (date: string, place = COPENHAGEN, language = 'da') =>
    `/api/v2/weather?${new URLSearchParams({ lat: String(place.lat), long: String(place.long), date, language })}`;
  const get = (app: TestApp, bearer: string | null, url: string) =>
    app.app.inject({
      method: 'GET',
      url,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
  const weatherOf = async (url: string, app = t, bearer = token): Promise<Weather | null> => {
    const res = await get(app, bearer, url);
    expect(res.statusCode).toBe(200);
    const answer = res.json<WeatherAnswer>();
    expect(Value.Check(WeatherAnswer, answer)).toBe(true);
    return answer.weather;
  };

  beforeAll(async () => {
    meteo = await startOpenMeteoServer();
    t = await startTestApp({
      env: {
        WEATHER_URL: meteo.url,
        WEATHER_ARCHIVE_URL: meteo.url,
        WEATHER_TIMEOUT_MS: String(TIMEOUT_MS),
      },
    });
    await seedWorld(t.database.db);
    token = (await signInAll(t.app)).tokens.userA;
    off = await startTestApp({ env: { WEATHER_URL: 'off' } });
    await seedWorld(off.database.db);
    offToken = (await signInAll(off.app)).tokens.userA;
  });

  afterAll(async () => {
    await Promise.all([t.close(), off.close()]);
    await meteo.close();
  });

  beforeEach(() => {
    meteo.setMode('ok');
  });

  it("answers the hour that holds the time, in the spec's units and the asked language", async () => {
    const yesterday = day(-1);
    // 14:25 at UTC+2 is 12:25 UTC: the record of 12:00–13:00 UTC.
    const weather = await weatherOf(query(`${yesterday}T14:25:00+02:00`));
    const upstream = openMeteoHour(55.68, 12.58, `${yesterday}T12:00`);
    const hourStart = new Date(`${yesterday}T12:00:00Z`);
    expect(weather).toEqual({
      lat: 55.68,
      long: 12.58,
      language: 'da',
      date: hourStart.toISOString(),
      ...describeWeather(upstream.weather_code, isDaytime(hourStart, 12.58), 'da'),
      temperature: upstream.temperature_2m,
      windSpeed: Math.round((upstream.wind_speed_10m / 3.6) * 10) / 10,
      humidity: upstream.relative_humidity_2m,
      pressure: upstream.surface_pressure,
    });
    expect(meteo.byDay.get(yesterday)).toBe(1);
    // The same hour in English, from the kept day.
    const english = await weatherOf(query(`${yesterday}T12:59:59Z`, COPENHAGEN, 'en'));
    expect(english).toMatchObject({ language: 'en', date: hourStart.toISOString() });
    expect(english?.summary).not.toBe(weather?.summary);
    expect(meteo.byDay.get(yesterday)).toBe(1);
  });

  it('asks the provider once for a place and day, however many graphs ask at once', async () => {
    const date = day(-2);
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => weatherOf(query(`${date}T10:30:00Z`))),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.date).toBe(`${date}T10:00:00.000Z`);
    expect(meteo.byDay.get(date)).toBe(1);
    // Other hours of that day, and places within the same hundredth of a degree, are kept.
    const hours = await Promise.all(
      ['00', '06', '18', '23'].map((h) =>
        weatherOf(query(`${date}T${h}:00:00Z`, { lat: 55.6801, long: 12.5849 })),
      ),
    );
    expect(hours.map((w) => w?.date.slice(11, 13))).toEqual(['00', '06', '18', '23']);
    expect(meteo.byDay.get(date)).toBe(1);
    // The day is kept in the database: a second API node on it does not ask either.
    const rows = await sql<{ n: number }>`
      select count(*)::int as n from weather_days where day = ${date}`.execute(t.database.db);
    expect(rows.rows[0]?.n).toBe(1);
    const node = await startTestApp({
      database: t.database,
      env: { WEATHER_URL: meteo.url, WEATHER_ARCHIVE_URL: meteo.url },
    });
    try {
      expect((await weatherOf(query(`${date}T15:00:00Z`), node))?.date).toBe(
        `${date}T15:00:00.000Z`,
      );
    } finally {
      await node.close();
    }
    expect(meteo.byDay.get(date)).toBe(1);
  });

  it('reads old days from the archive, recent and coming days from the forecast', async () => {
    const calls = (path: string) => meteo.hits.get(path) ?? 0;
    const before = { forecast: calls('/v1/forecast'), archive: calls('/v1/archive') };
    const old = day(-200);
    expect((await weatherOf(query(`${old}T12:00:00Z`)))?.date).toBe(`${old}T12:00:00.000Z`);
    expect(calls('/v1/archive')).toBe(before.archive + 1);
    expect(calls('/v1/forecast')).toBe(before.forecast);
    const coming = day(3);
    expect((await weatherOf(query(`${coming}T12:00:00Z`)))?.date).toBe(`${coming}T12:00:00.000Z`);
    expect(calls('/v1/forecast')).toBe(before.forecast + 1);
    expect(calls('/v1/archive')).toBe(before.archive + 1);
    // A day no API has yet: no weather, and no call.
    const total = meteo.total();
    expect(await weatherOf(query(`${day(40)}T12:00:00Z`))).toBeNull();
    expect(meteo.total()).toBe(total);
  });

  it('answers no weather at once when the provider is down, and does not ask again soon', async () => {
    meteo.setMode('down');
    const date = day(-3);
    const began = Date.now();
    expect(await weatherOf(query(`${date}T12:00:00Z`))).toBeNull();
    expect(Date.now() - began).toBeLessThan(TIMEOUT_MS + 1000);
    expect(meteo.byDay.get(date)).toBe(1);
    meteo.setMode('ok');
    expect(await weatherOf(query(`${date}T13:00:00Z`))).toBeNull();
    expect(meteo.byDay.get(date)).toBe(1);
    // Another day is asked as usual.
    expect(await weatherOf(query(`${day(-4)}T13:00:00Z`))).not.toBeNull();
  });

  it('gives up on a hanging provider after WEATHER_TIMEOUT_MS and answers no weather', async () => {
    meteo.setMode('hang');
    const date = day(-5);
    const began = Date.now();
    const answers = await Promise.all(
      ['08', '09', '10'].map((h) => weatherOf(query(`${date}T${h}:00:00Z`))),
    );
    expect(answers).toEqual([null, null, null]);
    // Far less than forever: the timeout is 300 ms.
    expect(Date.now() - began).toBeLessThan(TIMEOUT_MS + 1000);
    expect(meteo.byDay.get(date)).toBe(1);
    expect(await weatherOf(query(`${date}T11:00:00Z`))).toBeNull();
    expect(meteo.byDay.get(date)).toBe(1);
  });

  it('answers no weather for an hour the provider has no values for', async () => {
    meteo.setMode('nulls');
    const date = day(-6);
    expect(await weatherOf(query(`${date}T12:00:00Z`))).toBeNull();
    expect(meteo.byDay.get(date)).toBe(1);
  });

  it('answers no weather, asking nobody, when WEATHER_URL=off', async () => {
    const total = meteo.total();
    expect(await weatherOf(query(`${day(-1)}T12:00:00Z`), off, offToken)).toBeNull();
    expect(meteo.total()).toBe(total);
  });

  it('refuses callers who are not signed in, and places, times and languages that are not ones', async () => {
    const date = `${day(-1)}T12:00:00Z`;
    expect((await get(t, null, query(date))).statusCode).toBe(401);
    const total = meteo.total();
    for (const bad of [
      `/api/v2/weather?lat=100&long=12.5&date=${date}&language=da`,
      `/api/v2/weather?lat=55.6&long=181&date=${date}&language=da`,
      `/api/v2/weather?lat=abc&long=12.5&date=${date}&language=da`,
      '/api/v2/weather?lat=55.6&long=12.5&language=da',
      '/api/v2/weather?lat=55.6&long=12.5&date=yesterday&language=da',
      `/api/v2/weather?lat=55.6&long=12.5&date=${date}&language=de`,
      `/api/v2/weather?lat=55.6&long=12.5&date=${date}`,
      `/api/v2/weather?lat=55.6&long=12.5&date=${date}&language=da&x=1`,
    ]) {
      const res = await get(t, token, bad);
      expect([bad, res.statusCode]).toEqual([bad, 400]);
    }
    expect(meteo.total()).toBe(total);
  });
});
