import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { Weather } from '../../contracts/weather.ts';
import type { HourlyWeather } from './weather-provider.ts';
import { metresPerSecond, weatherRecord } from './weather-record.ts';

const hour = (values: Partial<HourlyWeather> = {}): HourlyWeather => ({
  hour: 13,
  code: 61,
  temperature: 7.04,
  windSpeedKmh: 18,
  humidity: 86.4,
  pressure: 1003.26,
  ...values,
});
const at = { lat: 55.68, long: 12.58, hourStart: new Date('2026-11-27T13:00:00Z') };

describe('weather records', () => {
  it('converts km/h to m/s by dividing by 3.6, to one decimal', () => {
    expect(metresPerSecond(18)).toBe(5);
    expect(metresPerSecond(10)).toBe(2.8);
    expect(metresPerSecond(0)).toBe(0);
    expect(metresPerSecond(100)).toBe(27.8);
  });

  it('makes the spec record of an hour: °C, m/s, % and hPa, in the language asked', () => {
    const record = weatherRecord(hour(), at, 'da');
    expect(record).toEqual({
      lat: 55.68,
      long: 12.58,
      language: 'da',
      date: '2026-11-27T13:00:00.000Z',
      icon: 'rain',
      summary: 'Let regn',
      temperature: 7,
      windSpeed: 5,
      humidity: 86,
      pressure: 1003.3,
    });
    expect(Value.Check(Weather, record)).toBe(true);
    expect(weatherRecord(hour({ code: 0 }), at, 'en')).toMatchObject({
      icon: 'clear-day',
      summary: 'Clear sky',
    });
    const night = { ...at, hourStart: new Date('2026-11-27T22:00:00Z') };
    expect(weatherRecord(hour({ code: 2 }), night, 'en')?.icon).toBe('partly-cloudy-night');
  });

  it('reads frost without a minus zero', () => {
    expect(weatherRecord(hour({ temperature: -0.04 }), at, 'en')?.temperature).toBe(0);
    expect(Object.is(weatherRecord(hour({ temperature: -0.04 }), at, 'en')?.temperature, 0)).toBe(
      true,
    );
    expect(weatherRecord(hour({ temperature: -3.46 }), at, 'en')?.temperature).toBe(-3.5);
  });

  it('has no record for a missing hour, a missing value or a code that is not a WMO one', () => {
    expect(weatherRecord(undefined, at, 'en')).toBeNull();
    for (const field of ['code', 'temperature', 'windSpeedKmh', 'humidity', 'pressure'] as const)
      expect(weatherRecord(hour({ [field]: null }), at, 'en')).toBeNull();
    expect(weatherRecord(hour({ code: 42 }), at, 'en')).toBeNull();
  });
});
