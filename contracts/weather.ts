import { Type, type Static } from 'typebox';
import { Nullable } from './common.ts';
import { Language } from './user.ts';

/**
 * The weather kinds Nordlys draws, from the WMO weather codes the provider
 * reports: the console shows an icon per kind and the server a summary in
 * the asked language.
 */
export const WEATHER_ICONS = [
  'clear-day',
  'clear-night',
  'partly-cloudy-day',
  'partly-cloudy-night',
  'cloudy',
  'fog',
  'drizzle',
  'rain',
  'sleet',
  'snow',
  'showers',
  'thunderstorm',
] as const;
export type WeatherIcon = (typeof WEATHER_ICONS)[number];
export const WeatherIcon = Type.Unsafe<WeatherIcon>(
  Type.String({ enum: [...WEATHER_ICONS], description: 'The kind of weather, for its icon' }),
);

/**
 * A weather lookup for a chart's tooltip (spec §7 Calendar, address, weather):
 * the weather at a place in the hour that holds `date`. For a day, the
 * console asks for noon (spec §9).
 */
export const WeatherQuery = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    long: Type.Number({ minimum: -180, maximum: 180 }),
    /** An instant (ISO 8601 with offset); the answer is for the hour that holds it. */
    date: Type.String({ format: 'date-time' }),
    language: Language,
  },
  { additionalProperties: false },
);
export type WeatherQuery = Static<typeof WeatherQuery>;

/** The spec's weather record: the place and hour asked about and the conditions then. */
export const Weather = Type.Object({
  /** The place the record is for, rounded as the cache keeps it (2 decimals, about 1 km). */
  lat: Type.Number(),
  long: Type.Number(),
  language: Language,
  /** The start of the hour the record is for (UTC, ISO 8601). */
  date: Type.String({ format: 'date-time' }),
  icon: WeatherIcon,
  /** In the asked language, e.g. "Let regn" / "Light rain". */
  summary: Type.String(),
  /** °C. */
  temperature: Type.Number(),
  /** m/s (the provider's km/h divided by 3.6). */
  windSpeed: Type.Number(),
  /** Relative humidity, %. */
  humidity: Type.Number(),
  /** Surface pressure, hPa. */
  pressure: Type.Number(),
});
export type Weather = Static<typeof Weather>;

/**
 * The answer: the record, or null when there is none (the provider could not
 * be reached, or has nothing for that hour). A missing record is not an
 * error: the tooltip shows the rest.
 */
export const WeatherAnswer = Type.Object({ weather: Nullable(Weather) });
export type WeatherAnswer = Static<typeof WeatherAnswer>;
