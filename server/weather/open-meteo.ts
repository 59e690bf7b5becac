import {
  WeatherProviderError,
  type HourlyWeather,
  type WeatherPlace,
  type WeatherProvider,
} from './weather-provider.ts';

const DAY_MS = 86_400_000;
/** The forecast API serves about the last 92 days; older days come from the archive. */
const FORECAST_PAST_DAYS = 90;
/** …and the coming 16 days, today included. */
const FORECAST_FUTURE_DAYS = 15;
/** The archive (ERA5 reanalysis) begins in 1940. */
const ARCHIVE_FIRST_DAY = '1940-01-01';

/** The hourly variables Nordlys asks for, in Open-Meteo's names. */
const VARIABLES = {
  temperature: 'temperature_2m',
  humidity: 'relative_humidity_2m',
  pressure: 'surface_pressure',
  windSpeedKmh: 'wind_speed_10m',
  code: 'weather_code',
} as const satisfies Record<Exclude<keyof HourlyWeather, 'hour'>, string>;

export interface OpenMeteoOptions {
  /** The forecast API's base URL, e.g. https://api.open-meteo.com. */
  forecastUrl: string;
  /** The historical (archive) API's base URL, e.g. https://archive-api.open-meteo.com. */
  archiveUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => number;
}

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Which API has a day: the forecast API for recent, current and coming
 * days, the archive for older ones, none beyond either.
 */
export function openMeteoApi(day: string, now: number): 'forecast' | 'archive' | null {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  if (day > dayText(today + FORECAST_FUTURE_DAYS * DAY_MS)) return null;
  if (day >= dayText(today - FORECAST_PAST_DAYS * DAY_MS)) return 'forecast';
  return day >= ARCHIVE_FIRST_DAY ? 'archive' : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The hours of `day` in an Open-Meteo answer asked with `timezone=GMT`:
 * `hourly.time` holds "YYYY-MM-DDTHH:00" and each variable an array of the
 * same length whose values may be null.
 */
export function hoursOfAnswer(raw: unknown, day: string): HourlyWeather[] {
  const odd = (what: string) => new WeatherProviderError(`Open-Meteo answered ${what}`);
  if (!isRecord(raw) || !isRecord(raw.hourly)) throw odd('no hourly data');
  if (raw.utc_offset_seconds !== undefined && raw.utc_offset_seconds !== 0)
    throw odd('times that are not UTC');
  const { hourly } = raw;
  const times = hourly.time;
  if (!Array.isArray(times)) throw odd('no hourly times');
  const fields = Object.keys(VARIABLES) as (keyof typeof VARIABLES)[];
  const columns = fields.map((field) => {
    const name = VARIABLES[field];
    const values = hourly[name];
    if (!Array.isArray(values) || values.length !== times.length) throw odd(`no ${name}`);
    return [field, values] as const;
  });
  const hours: HourlyWeather[] = [];
  times.forEach((time, index) => {
    if (typeof time !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:00$/.test(time))
      throw odd(`an odd time "${String(time)}"`);
    if (!time.startsWith(day)) return;
    const hour: HourlyWeather = {
      hour: Number(time.slice(11, 13)),
      code: null,
      temperature: null,
      windSpeedKmh: null,
      humidity: null,
      pressure: null,
    };
    for (const [field, values] of columns) hour[field] = numberOrNull(values[index]);
    hours.push(hour);
  });
  return hours;
}

/**
 * Open-Meteo (https://open-meteo.com, no API key): the forecast API
 * (`/v1/forecast`) for the last three months and the coming 16 days, the
 * archive API (`/v1/archive`) for older days; one call per place and UTC
 * day with `start_date = end_date = day`, `timezone=GMT`, wind in km/h.
 */
export function createOpenMeteoProvider(options: OpenMeteoOptions): WeatherProvider {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const bases = {
    forecast: `${options.forecastUrl.replace(/\/+$/, '')}/v1/forecast`,
    archive: `${options.archiveUrl.replace(/\/+$/, '')}/v1/archive`,
  };

  async function get(url: string): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new WeatherProviderError('Open-Meteo did not answer in time', { cause: error });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new WeatherProviderError(
        `Open-Meteo answered ${response.status} with something that is not JSON`,
        { cause: error },
      );
    }
    if (!response.ok) {
      const reason = isRecord(body) && typeof body.reason === 'string' ? `: ${body.reason}` : '';
      throw new WeatherProviderError(`Open-Meteo answered ${response.status}${reason}`);
    }
    return body;
  }

  return {
    async hours(place: WeatherPlace, day: string): Promise<HourlyWeather[]> {
      const api = openMeteoApi(day, now());
      if (!api) return [];
      const query = new URLSearchParams({
        latitude: String(place.lat),
        longitude: String(place.long),
        hourly: Object.values(VARIABLES).join(','),
        start_date: day,
        end_date: day,
        timezone: 'GMT',
        wind_speed_unit: 'kmh',
      });
      return hoursOfAnswer(await get(`${bases[api]}?${query}`), day);
    },
  };
}
