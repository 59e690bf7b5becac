import type { Language } from '../../contracts/user.ts';
import type { Weather } from '../../contracts/weather.ts';
import { describeWeather, isDaytime } from './weather-codes.ts';
import type { HourlyWeather, WeatherPlace } from './weather-provider.ts';

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  // `|| 0`: a value just below zero rounds to -0, which should read as 0.
  return Math.round(value * factor) / factor || 0;
};

/** km/h as m/s, to one decimal. */
export const metresPerSecond = (kmh: number): number => round(kmh / 3.6, 1);

/**
 * The spec's weather record of one hour at a place: °C and hPa to one
 * decimal, humidity in whole %, wind in m/s. Null when the provider has no
 * such hour, lacks one of its values, or reports a code that is not a WMO one.
 */
export function weatherRecord(
  hour: HourlyWeather | undefined,
  at: WeatherPlace & { hourStart: Date },
  language: Language,
): Weather | null {
  if (!hour) return null;
  const { code, temperature, windSpeedKmh, humidity, pressure } = hour;
  if (
    code === null ||
    temperature === null ||
    windSpeedKmh === null ||
    humidity === null ||
    pressure === null
  )
    return null;
  const described = describeWeather(code, isDaytime(at.hourStart, at.long), language);
  if (!described) return null;
  return {
    lat: at.lat,
    long: at.long,
    language,
    date: at.hourStart.toISOString(),
    ...described,
    temperature: round(temperature, 1),
    windSpeed: metresPerSecond(windSpeedKmh),
    humidity: Math.round(humidity),
    pressure: round(pressure, 1),
  };
}
