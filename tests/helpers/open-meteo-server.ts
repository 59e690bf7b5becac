import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local stand-in for Open-Meteo that speaks its format for the calls
 * Nordlys makes: `GET /v1/forecast` (the last 92 days and the coming 16) and
 * `GET /v1/archive` (1940 until today; the last 5 days are not in it yet,
 * so they answer null) with `latitude`, `longitude`, `hourly`,
 * `start_date`, `end_date`, `timezone=GMT|UTC` and `wind_speed_unit`.
 * Values are made up but fixed: a function of place and hour (`openMeteoHour`).
 * Bad parameters answer 400 `{ error: true, reason }` as Open-Meteo does.
 *
 * Tests count its calls and switch it: down (500), hanging (never answers)
 * or answering nulls. The e2e suite does the same over HTTP:
 * `GET /control/calls` → `{ total, byPath, byDay, byPlaceDay }` and
 * `POST /control/mode?mode=ok|down|hang|nulls`.
 */

const DAY_MS = 86_400_000;
const VARIABLES = {
  temperature_2m: '°C',
  relative_humidity_2m: '%',
  surface_pressure: 'hPa',
  wind_speed_10m: 'km/h',
  weather_code: 'wmo code',
} as const;
type Variable = keyof typeof VARIABLES;
const WIND_UNITS: Record<string, { unit: string; perKmh: number }> = {
  kmh: { unit: 'km/h', perKmh: 1 },
  ms: { unit: 'm/s', perKmh: 1 / 3.6 },
  mph: { unit: 'mp/h', perKmh: 0.621371 },
  kn: { unit: 'kn', perKmh: 0.539957 },
};
/** The codes the stand-in reports, in turn. */
const CODES = [0, 1, 2, 3, 45, 51, 61, 63, 71, 80, 95];

export type OpenMeteoMode = 'ok' | 'down' | 'hang' | 'nulls';

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The stand-in's weather at a place in one hour (`time` as "YYYY-MM-DDTHH:00",
 * UTC), with the wind in km/h: what it answers for that hour.
 */
export function openMeteoHour(
  latitude: number,
  longitude: number,
  time: string,
): Record<Variable, number> {
  const hour = Number(time.slice(11, 13));
  const day = Math.floor(Date.parse(`${time.slice(0, 10)}T00:00:00Z`) / DAY_MS);
  const seed = Math.abs(Math.round(latitude * 100) * 31 + Math.round(longitude * 100) * 17);
  return {
    temperature_2m: round1(
      14 - (Math.abs(latitude) - 45) * 0.4 + 5 * Math.sin((2 * Math.PI * (hour - 9)) / 24),
    ),
    relative_humidity_2m: 55 + ((seed + hour * 7 + day) % 40),
    surface_pressure: round1(995 + ((seed + day * 13) % 30) + hour * 0.1),
    wind_speed_10m: round1(4 + ((seed + hour * 11 + day * 3) % 30) * 0.9),
    weather_code: CODES[(seed + day + Math.floor(hour / 6)) % CODES.length] ?? 0,
  };
}

export interface OpenMeteoServer {
  url: string;
  /** Upstream calls so far, by path (`/v1/forecast`, `/v1/archive`). */
  hits: Map<string, number>;
  /** Upstream calls so far, by the `start_date` they asked for. */
  byDay: Map<string, number>;
  /** Upstream calls so far, by place and day: `placeDayKey(latitude, longitude, start_date)`. */
  byPlaceDay: Map<string, number>;
  /** All upstream calls so far. */
  total(): number;
  setMode(mode: OpenMeteoMode): void;
  close(): Promise<void>;
}

class BadRequest extends Error {}

/** How calls are counted by place and day: the coordinates as numbers, then the day asked for. */
export const placeDayKey = (latitude: number, longitude: number, day: string) =>
  `${latitude}/${longitude}/${day}`;

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function readDay(value: string | null, name: string): number {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value) || !Number.isFinite(Date.parse(value)))
    throw new BadRequest(`Parameter '${name}' is invalid. Expected format YYYY-MM-DD.`);
  return Date.parse(`${value}T00:00:00Z`);
}

function readCoordinate(value: string | null, name: string, limit: number): number {
  const number = Number(value);
  if (value === null || value === '' || !Number.isFinite(number))
    throw new BadRequest(`Parameter '${name}' is missing or not a number`);
  if (Math.abs(number) > limit)
    throw new BadRequest(
      `${name === 'latitude' ? 'Latitude' : 'Longitude'} must be in range of -${limit} to ${limit}°. Given: ${number}.`,
    );
  return number;
}

/** The answer to one forecast or archive call, or a BadRequest. */
function answer(path: string, params: URLSearchParams, mode: OpenMeteoMode, now: number) {
  const latitude = readCoordinate(params.get('latitude'), 'latitude', 90);
  const longitude = readCoordinate(params.get('longitude'), 'longitude', 180);
  const variables = (params.get('hourly') ?? '').split(',').filter(Boolean);
  for (const name of variables) {
    if (!(name in VARIABLES))
      throw new BadRequest(
        `Cannot initialize WeatherVariable from invalid String value ${name} for key hourly`,
      );
  }
  const timezone = params.get('timezone') ?? 'GMT';
  if (timezone !== 'GMT' && timezone !== 'UTC')
    throw new BadRequest(`Invalid timezone (only GMT and UTC here): ${timezone}`);
  const wind = WIND_UNITS[params.get('wind_speed_unit') ?? 'kmh'];
  if (!wind) throw new BadRequest('Invalid wind_speed_unit');
  const start = readDay(params.get('start_date'), 'start_date');
  const end = readDay(params.get('end_date'), 'end_date');
  if (end < start) throw new BadRequest('End-date must be larger or equal than start-date');
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const [first, last] =
    path === '/v1/forecast'
      ? [today - 92 * DAY_MS, today + 15 * DAY_MS]
      : [Date.parse('1940-01-01T00:00:00Z'), today];
  for (const [name, day] of [
    ['start_date', start],
    ['end_date', end],
  ] as const) {
    if (day < first || day > last)
      throw new BadRequest(
        `Parameter '${name}' is out of allowed range from ${dayText(first)} to ${dayText(last)}`,
      );
  }
  // The archive lags about five days behind: its newest days are not known yet.
  const known = (day: number) =>
    mode !== 'nulls' && (path === '/v1/forecast' || day < today - 5 * DAY_MS);
  const time: string[] = [];
  const hourly: Record<string, (number | null)[]> = {};
  for (const name of variables) hourly[name] = [];
  for (let day = start; day <= end; day += DAY_MS) {
    for (let hour = 0; hour < 24; hour++) {
      const at = `${dayText(day)}T${String(hour).padStart(2, '0')}:00`;
      time.push(at);
      const values = openMeteoHour(latitude, longitude, at);
      for (const name of variables) {
        const value = values[name as Variable];
        hourly[name]?.push(
          !known(day) ? null : name === 'wind_speed_10m' ? round1(value * wind.perKmh) : value,
        );
      }
    }
  }
  const units: Record<string, string> = { time: 'iso8601' };
  for (const name of variables)
    units[name] = name === 'wind_speed_10m' ? wind.unit : VARIABLES[name as Variable];
  return {
    // Open-Meteo answers for the centre of its grid cell, not the very place asked.
    latitude: Math.round(latitude * 40) / 40,
    longitude: Math.round(longitude * 40) / 40,
    generationtime_ms: 0.05,
    utc_offset_seconds: 0,
    timezone,
    timezone_abbreviation: timezone,
    elevation: 12,
    hourly_units: units,
    hourly: { time, ...hourly },
  };
}

export async function startOpenMeteoServer(
  options: { port?: number; now?: () => number } = {},
): Promise<OpenMeteoServer> {
  const now = options.now ?? Date.now;
  const hits = new Map<string, number>();
  const byDay = new Map<string, number>();
  const byPlaceDay = new Map<string, number>();
  let mode: OpenMeteoMode = 'ok';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (code: number, body: unknown) => {
      response.writeHead(code, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/control/calls')
      return send(200, {
        total: [...hits.values()].reduce((a, b) => a + b, 0),
        byPath: Object.fromEntries(hits),
        byDay: Object.fromEntries(byDay),
        byPlaceDay: Object.fromEntries(byPlaceDay),
      });
    if (url.pathname === '/control/mode' && request.method === 'POST') {
      const next = url.searchParams.get('mode');
      if (next !== 'ok' && next !== 'down' && next !== 'hang' && next !== 'nulls')
        return send(400, { error: true, reason: 'mode must be ok, down, hang or nulls' });
      mode = next;
      return send(200, { mode });
    }
    if (url.pathname !== '/v1/forecast' && url.pathname !== '/v1/archive')
      return send(404, { error: true, reason: 'Not Found' });
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const day = url.searchParams.get('start_date') ?? '';
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
    const place = placeDayKey(
      Number(url.searchParams.get('latitude')),
      Number(url.searchParams.get('longitude')),
      day,
    );
    byPlaceDay.set(place, (byPlaceDay.get(place) ?? 0) + 1);
    if (mode === 'hang') return;
    if (mode === 'down') return send(500, { error: true, reason: 'Internal Server Error' });
    try {
      return send(200, answer(url.pathname, url.searchParams, mode, now()));
    } catch (error) {
      if (error instanceof BadRequest) return send(400, { error: true, reason: error.message });
      return send(500, { error: true, reason: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    byDay,
    byPlaceDay,
    total: () => [...hits.values()].reduce((a, b) => a + b, 0),
    setMode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `node --import tsx tests/helpers/open-meteo-server.ts <port>`: the e2e suite's weather
// provider (WEATHER_URL and WEATHER_ARCHIVE_URL both point at it).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startOpenMeteoServer({ port: Number(process.argv[2] ?? '0') });
  process.stdout.write(`Open-Meteo stand-in at ${server.url}\n`);
}
