import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../lib/i18n.ts';
import { renderScreen } from '../ui/test-support.tsx';
import { BarChart } from './bar-chart.tsx';
import { MARGIN, plotWidth } from './frame.tsx';
import { DAY, MONDAY, TEST_ZONE, dailySeries } from './test-series.ts';
import { layOut } from './test-layout.ts';

const zone = TEST_ZONE;
const monday = MONDAY;
const WIDTH = 600;
const daily = dailySeries;

const bars = (datasetId: string) =>
  document.querySelectorAll(`rect[data-dataset="${datasetId}"]`).length;

/** A finger on the plot over bucket `index` of three (the frame lies at the page's left edge). */
const tapBucket = (index: number) =>
  fireEvent.pointerDown(screen.getByRole('img'), {
    pointerType: 'touch',
    clientX: MARGIN.left + (plotWidth(WIDTH) * (index + 0.5)) / 3,
    clientY: 100,
  });

beforeEach(() => {
  layOut(WIDTH);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('bar chart', () => {
  beforeEach(() => activateLocale('da'));

  it('draws a bar per bucket for every dataset, side by side', () => {
    renderScreen(
      <BarChart
        label="Vand"
        datasets={[daily('a', 'Måler A', [3, 5, 2]), daily('b', 'Måler B', [1, 4, 6])]}
        from={monday}
        to={monday + 3 * DAY}
        timeZone={zone}
      />,
    );
    expect(bars('a')).toBe(3);
    expect(bars('b')).toBe(3);
    const first = (id: string) => document.querySelector(`rect[data-dataset="${id}"]`);
    expect(Number(first('b')?.getAttribute('x'))).toBeGreaterThan(
      Number(first('a')?.getAttribute('x')),
    );
    // Two datasets: a legend names them.
    expect(screen.getByText('Måler A')).toBeTruthy();
    expect(screen.getByText('Måler B')).toBeTruthy();
  });

  it("tells every dataset's value in a tapped bucket with two decimals and a decimal comma", () => {
    renderScreen(
      <BarChart
        label="Vand"
        unit="m³"
        datasets={[daily('a', 'Måler A', [3, 1234.5678, 2]), daily('b', 'Måler B', [1, 0.5, 6])]}
        from={monday}
        to={monday + 3 * DAY}
        timeZone={zone}
      />,
    );
    tapBucket(1);
    const tooltip = screen.getByRole('tooltip');
    expect(within(tooltip).getByText('24/11/2026')).toBeTruthy();
    expect(within(tooltip).getByText('1.234,57 m³')).toBeTruthy();
    expect(within(tooltip).getByText('0,50 m³')).toBeTruthy();
  });

  it('shades weekends in the given colour', () => {
    renderScreen(
      <BarChart
        label="Vand"
        datasets={[daily('a', 'Måler A', [1, 2, 3, 4, 5, 6, 7])]}
        from={monday}
        to={monday + 7 * DAY}
        timeZone={zone}
        weekendColor="#ff0000"
      />,
    );
    const weekend = document.querySelectorAll('rect[data-weekend]');
    expect(weekend).toHaveLength(1);
    expect(weekend[0]?.getAttribute('fill')).toBe('rgba(255, 0, 0, 0.12)');
    expect(bars('a')).toBe(7);
  });

  it("writes its axis in the console's language, not the browser's: a decimal comma in Danish", () => {
    renderScreen(
      <BarChart
        label="Vand"
        datasets={[daily('a', 'Måler A', [0.5, 1, 1.5])]}
        from={monday}
        to={monday + 3 * DAY}
        timeZone={zone}
      />,
    );
    const ticks = [...document.querySelectorAll('svg text')].map((text) => text.textContent);
    expect(ticks.some((tick) => /^\d+,\d+$/.test(tick ?? ''))).toBe(true);
    expect(ticks.filter((tick) => /^\d+\.\d+$/.test(tick ?? ''))).toEqual([]);
  });

  it('shows the no-data note when there are no values', () => {
    renderScreen(<BarChart label="Vand" datasets={[daily('a', 'Måler A', [])]} />);
    expect(screen.getByRole('status').textContent).toContain(
      'Der er i øjeblikket ingen data tilgængelige!',
    );
    expect(document.querySelector('svg rect')).toBeNull();
  });
});

describe('bar chart on a logarithmic axis', () => {
  beforeEach(() => activateLocale('en'));

  it('leaves out values of zero or below, and says so', () => {
    renderScreen(
      <BarChart
        label="Water"
        datasets={[daily('a', 'Meter A', [10, 0, 1000])]}
        yAxis="logarithmic"
        timeZone={zone}
      />,
    );
    expect(bars('a')).toBe(2);
    expect(
      screen.getByText('1 value of zero or below is not shown on the logarithmic axis.'),
    ).toBeTruthy();
  });
});
