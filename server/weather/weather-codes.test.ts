import { describe, expect, it } from 'vitest';
import { WEATHER_ICONS } from '../../contracts/weather.ts';
import { describeWeather, describedCodes, isDaytime } from './weather-codes.ts';

describe('WMO weather codes', () => {
  it('gives each code an icon and a summary in Danish and English', () => {
    expect(describeWeather(0, true, 'da')).toEqual({ icon: 'clear-day', summary: 'Klart' });
    expect(describeWeather(0, false, 'en')).toEqual({ icon: 'clear-night', summary: 'Clear sky' });
    expect(describeWeather(1, true, 'en')).toEqual({ icon: 'clear-day', summary: 'Mainly clear' });
    expect(describeWeather(2, false, 'da')).toEqual({
      icon: 'partly-cloudy-night',
      summary: 'Delvis skyet',
    });
    expect(describeWeather(3, true, 'da')).toEqual({ icon: 'cloudy', summary: 'Overskyet' });
    expect(describeWeather(45, false, 'da')).toEqual({ icon: 'fog', summary: 'Tåge' });
    expect(describeWeather(48, true, 'en')?.icon).toBe('fog');
    expect(describeWeather(53, true, 'en')).toEqual({
      icon: 'drizzle',
      summary: 'Moderate drizzle',
    });
    expect(describeWeather(61, true, 'da')).toEqual({ icon: 'rain', summary: 'Let regn' });
    expect(describeWeather(61, true, 'en')).toEqual({ icon: 'rain', summary: 'Light rain' });
    expect(describeWeather(65, true, 'en')).toEqual({ icon: 'rain', summary: 'Heavy rain' });
    expect(describeWeather(66, true, 'en')).toEqual({
      icon: 'sleet',
      summary: 'Light freezing rain',
    });
    expect(describeWeather(57, true, 'en')?.icon).toBe('sleet');
    expect(describeWeather(75, true, 'da')).toEqual({ icon: 'snow', summary: 'Kraftigt snefald' });
    expect(describeWeather(80, true, 'en')).toEqual({
      icon: 'showers',
      summary: 'Light rain showers',
    });
    expect(describeWeather(86, true, 'da')).toEqual({
      icon: 'snow',
      summary: 'Kraftige snebyger',
    });
    expect(describeWeather(95, false, 'da')).toEqual({
      icon: 'thunderstorm',
      summary: 'Tordenvejr',
    });
    expect(describeWeather(99, true, 'en')?.summary).toBe('Thunderstorm with heavy hail');
  });

  it('knows every code Open-Meteo reports, with icons the console has, and no others', () => {
    const codes = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77];
    codes.push(80, 81, 82, 85, 86, 95, 96, 99);
    expect(describedCodes().sort((a, b) => a - b)).toEqual(codes);
    for (const code of codes) {
      for (const daytime of [true, false]) {
        const da = describeWeather(code, daytime, 'da');
        const en = describeWeather(code, daytime, 'en');
        expect(WEATHER_ICONS).toContain(da?.icon);
        expect(da?.summary).not.toBe('');
        expect(en?.summary).not.toBe('');
        expect(en?.summary).not.toBe(da?.summary);
      }
    }
    for (const odd of [4, 50, 100, -1, 2.5])
      expect(describeWeather(odd, true, 'en')).toBeUndefined();
  });

  it('tells day from night by the sun: local solar time between 06 and 18', () => {
    // Copenhagen (12.57° E): UTC 05:00–05:59 is solar 06:20 or so, day; UTC 04:00 is not.
    expect(isDaytime(new Date('2026-06-21T05:00:00Z'), 12.57)).toBe(true);
    expect(isDaytime(new Date('2026-06-21T04:00:00Z'), 12.57)).toBe(false);
    expect(isDaytime(new Date('2026-06-21T16:00:00Z'), 12.57)).toBe(true);
    expect(isDaytime(new Date('2026-06-21T17:00:00Z'), 12.57)).toBe(false);
    // Far east and far west: the day wraps around midnight UTC.
    expect(isDaytime(new Date('2026-06-21T23:00:00Z'), 150)).toBe(true);
    expect(isDaytime(new Date('2026-06-21T12:00:00Z'), 150)).toBe(false);
    expect(isDaytime(new Date('2026-06-21T00:00:00Z'), -120)).toBe(true);
    expect(isDaytime(new Date('2026-06-21T12:00:00Z'), -120)).toBe(false);
  });
});
