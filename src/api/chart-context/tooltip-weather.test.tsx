import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Weather } from '../../../contracts/weather.ts';
import { activateLocale, type Locale } from '../../lib/i18n.ts';
import { renderScreen } from '../../ui/test-support.tsx';
import { calendarYears, holidaysQuery } from '../calendar/queries.ts';
import { currentUserQuery } from '../session/queries.ts';
import { weatherQuery } from '../weather/queries.ts';
import { useTooltipContext, weatherInstant, type ChartPlace } from './tooltip-context.tsx';

/**
 * The weather line under a chart tooltip's values (spec: "Uncalibrated
 * devices show no map location and no weather"): a device that is not
 * calibrated gets the notCalibrated text instead, even where its place is
 * known and the weather there is at hand.
 */
const ZONE = 'Europe/Copenhagen';
/** An hourly point in the past: its weather does not change, so the cache holds it. */
const moment = { time: Date.UTC(2025, 11, 24, 9, 40), datasetIds: ['a'], setLoading: () => {} };
const AARHUS = { lat: 56.15, long: 10.2 };

const weather = (language: Locale, summary: string): Weather => ({
  ...AARHUS,
  language,
  date: '2025-12-24T09:00:00.000Z',
  icon: 'rain',
  summary,
  temperature: 3.5,
  windSpeed: 4.2,
  humidity: 87,
  pressure: 1013,
});

const texts = {
  en: {
    notCalibrated: 'The device is not calibrated: no map or weather data.',
    weather: 'Light rain, 3.5\u00a0°C, wind 4.2\u00a0m/s, humidity 87\u00a0%, 1,013\u00a0hPa',
    summary: 'Light rain',
  },
  da: {
    notCalibrated: 'Enheden er ikke kalibreret: ingen kort- eller vejrdata.',
    weather: 'Let regn, 3,5\u00a0°C, vind 4,2\u00a0m/s, luftfugtighed 87\u00a0%, 1.013\u00a0hPa',
    summary: 'Let regn',
  },
} as const;

function Tooltip({ place }: { place: ChartPlace }) {
  return <>{useTooltipContext(place, ZONE)(moment)}</>;
}

/**
 * The tooltip's extra lines for a device at `place`, with the weather at
 * Aarhus then, no holidays and no one signed in already in the cache.
 */
async function showTooltip(language: Locale, place: ChartPlace) {
  await act(() => activateLocale(language));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserQuery().queryKey, null);
  client.setQueryData(holidaysQuery(...calendarYears(new Date()), language).queryKey, []);
  client.setQueryData(
    weatherQuery(AARHUS, weatherInstant(moment, ZONE), language).queryKey,
    weather(language, texts[language].summary),
  );
  renderScreen(<Tooltip place={place} />, client);
}

const weatherLine = () => document.querySelector('[data-weather]');

afterEach(cleanup);

describe.each(['en', 'da'] as const)("a chart tooltip's weather, in %s", (language) => {
  const text = texts[language];

  it('tells that an uncalibrated device has no weather, and shows none', async () => {
    await showTooltip(language, { ...AARHUS, calibrated: false });
    expect(weatherLine()?.getAttribute('data-weather')).toBe('not-calibrated');
    expect(weatherLine()?.textContent).toBe(text.notCalibrated);
    expect(screen.queryByText(text.weather)).toBeNull();
    expect(document.body.textContent).not.toContain(text.summary);
  });

  it('says the same for an uncalibrated device with no place at all', async () => {
    await showTooltip(language, { lat: null, long: null, calibrated: false });
    expect(screen.getByText(text.notCalibrated).getAttribute('data-weather')).toBe(
      'not-calibrated',
    );
  });

  it("shows a calibrated device's weather then, and no notCalibrated text", async () => {
    await showTooltip(language, { ...AARHUS, calibrated: true });
    expect(weatherLine()?.getAttribute('data-weather')).toBe('rain');
    expect(weatherLine()?.textContent).toBe(text.weather);
    expect(screen.queryByText(text.notCalibrated)).toBeNull();
  });
});
