import { Trans, useLingui } from '@lingui/react/macro';
import {
  Cake,
  CalendarHeart,
  Cloud,
  CloudDrizzle,
  CloudFog,
  CloudHail,
  CloudLightning,
  CloudMoon,
  CloudRain,
  CloudRainWind,
  CloudSun,
  Moon,
  Snowflake,
  Sun,
  type LucideIcon,
} from 'lucide-react';
import styled from 'styled-components';
import type { Weather, WeatherIcon } from '../../contracts/weather.ts';
import { formatCount } from '../lib/format.ts';

const icons: Record<WeatherIcon, LucideIcon> = {
  'clear-day': Sun,
  'clear-night': Moon,
  'partly-cloudy-day': CloudSun,
  'partly-cloudy-night': CloudMoon,
  cloudy: Cloud,
  fog: CloudFog,
  drizzle: CloudDrizzle,
  rain: CloudRain,
  sleet: CloudHail,
  snow: Snowflake,
  showers: CloudRainWind,
  thunderstorm: CloudLightning,
};

/** A holiday or a birthday on the day a tooltip is about. */
export interface TooltipDay {
  key: string;
  name: string;
  birthday: boolean;
}

/**
 * The weather beside a tooltip's values: shown, loading, none to show, or
 * none because the device is not calibrated (spec §8 notCalibrated).
 */
export type TooltipWeather =
  | { state: 'shown'; weather: Weather }
  | { state: 'loading' }
  | { state: 'none' }
  | { state: 'notCalibrated' };

const Lines = styled.div`
  margin-top: 6px;
  padding-top: 6px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  display: grid;
  gap: 4px;
  p {
    display: flex;
    align-items: center;
    gap: 6px;
    margin: 0;
  }
  && svg {
    /* Not the chart's own drawing layers (frame.tsx places those absolutely). */
    position: static;
    flex: none;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * What a tooltip tells besides its values (spec §1): the weather then at the
 * device's place, and the day's public holidays and birthdays.
 */
export function TooltipContextView({
  weather,
  days,
}: {
  weather: TooltipWeather;
  days: readonly TooltipDay[];
}) {
  const { i18n } = useLingui();
  const language = i18n.locale === 'en' ? 'en' : 'da';
  if (weather.state === 'none' && days.length === 0) return null;
  let weatherLine = null;
  if (weather.state === 'loading')
    weatherLine = (
      <Muted data-weather="loading">
        <Trans>Loading the weather…</Trans>
      </Muted>
    );
  else if (weather.state === 'notCalibrated')
    weatherLine = (
      <Muted data-weather="not-calibrated">
        <Trans>The device is not calibrated: no map or weather data.</Trans>
      </Muted>
    );
  else if (weather.state === 'shown') {
    const { icon, summary, temperature, windSpeed, humidity, pressure } = weather.weather;
    const Icon = icons[icon];
    // A value keeps its unit on its line (a no-break space).
    const degrees = `${formatCount(temperature, 1, language)}\u00a0°C`;
    const wind = `${formatCount(windSpeed, 1, language)}\u00a0m/s`;
    const humid = `${formatCount(humidity, 0, language)}\u00a0%`;
    const hPa = `${formatCount(pressure, 0, language)}\u00a0hPa`;
    weatherLine = (
      <p data-weather={icon}>
        <Icon size={16} aria-hidden />
        <span>
          <Trans>
            {summary}, {degrees}, wind {wind}, humidity {humid}, {hPa}
          </Trans>
        </span>
      </p>
    );
  }
  return (
    <Lines>
      {weatherLine}
      {days.map(({ key, name, birthday }) => (
        <p key={key} data-day={birthday ? 'birthday' : 'holiday'}>
          {birthday ? <Cake size={16} aria-hidden /> : <CalendarHeart size={16} aria-hidden />}
          <span>{birthday ? <Trans>{name}'s birthday</Trans> : name}</span>
        </p>
      ))}
    </Lines>
  );
}
