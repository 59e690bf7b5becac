import { render } from '@testing-library/react';
import { AxisBottom } from '@visx/axis';
import type * as Visx from '@visx/axis';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { lightTheme } from '../ui/theme.ts';
import { TimeAxis, ValueAxis, sameScale, tickLabel } from './axes.tsx';
import { valueScale } from './scales.ts';

// The axis as visx draws it, counted.
vi.mock('@visx/axis', async (original) => {
  const visx = await original<typeof Visx>();
  return { ...visx, AxisBottom: vi.fn(visx.AxisBottom) };
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('axes', () => {
  it('labels ticks HH:mm on short ranges and dd/MM beyond two days, on the given wall clock', () => {
    // 2024-03-07 08:05 UTC is 09:05 in Copenhagen (winter time).
    const t = Date.UTC(2024, 2, 7, 8, 5);
    expect(tickLabel(t, HOUR, 'Europe/Copenhagen')).toBe('09:05');
    expect(tickLabel(t, HOUR, 'UTC')).toBe('08:05');
    expect(tickLabel(t, 3 * DAY, 'Europe/Copenhagen')).toBe('07/03');
    // Just before midnight UTC it is already the next day in Copenhagen.
    expect(tickLabel(Date.UTC(2024, 2, 7, 23, 30), 3 * DAY, 'Europe/Copenhagen')).toBe('08/03');
    expect(tickLabel(Date.UTC(2024, 2, 7, 23, 30), HOUR, 'Europe/Copenhagen')).toBe('00:30');
  });

  it('draws each tick label as one plain text, where the tick is', () => {
    const from = Date.UTC(2024, 2, 7, 8);
    const { container } = render(
      <ThemeProvider theme={lightTheme}>
        <svg>
          <TimeAxis
            from={from}
            to={from + HOUR}
            width={600}
            chartWidth={600}
            top={100}
            timeZone="UTC"
          />
        </svg>
      </ThemeProvider>,
    );
    const labels = [...container.querySelectorAll('text')];
    expect(labels.map((label) => label.textContent)).toContain('08:30');
    expect(container.querySelector('tspan')).toBeNull();
    const half = labels.find((label) => label.textContent === '08:30');
    expect(Number(half?.getAttribute('x'))).toBeCloseTo(300, 0);
    expect(half?.getAttribute('text-anchor')).toBe('middle');
  });

  it('lays the value axis out again only when the kind, domain or range of its scale changes', () => {
    const formatTick = vi.fn((value: number) => String(value));
    const points = (...values: number[]) => values.map((value, i) => ({ time: i, value }));
    const axis = (scale: ReturnType<typeof valueScale>) => (
      <ThemeProvider theme={lightTheme}>
        <svg>
          <ValueAxis scale={scale} formatTick={formatTick} />
        </svg>
      </ThemeProvider>
    );
    const { container, rerender } = render(axis(valueScale(points(2, 8), 'linear', 300)));
    const laidOut = formatTick.mock.calls.length;
    expect(laidOut).toBeGreaterThan(0);
    // A new point inside the domain: a new scale, the same axis.
    rerender(axis(valueScale(points(2, 8, 5), 'linear', 300)));
    expect(formatTick).toHaveBeenCalledTimes(laidOut);
    // A point beyond it, another height, a logarithmic axis: laid out again.
    rerender(axis(valueScale(points(2, 80), 'linear', 300)));
    expect(formatTick.mock.calls.length).toBeGreaterThan(laidOut);
    expect([...container.querySelectorAll('text')].map((t) => t.textContent)).toContain('80');
    expect(
      sameScale(valueScale(points(2, 80), 'linear', 300), valueScale(points(2, 80), 'linear', 200)),
    ).toBe(false);
    expect(
      sameScale(
        valueScale(points(2, 80), 'linear', 300),
        valueScale(points(2, 80), 'logarithmic', 300),
      ),
    ).toBe(false);
    expect(
      sameScale(valueScale(points(2, 80), 'linear', 300), valueScale(points(80, 2), 'linear', 300)),
    ).toBe(true);
  });

  it('leaves the time axis as it is while its range and size stay', () => {
    const from = Date.UTC(2024, 2, 7, 8);
    const axis = (to: number) => (
      <ThemeProvider theme={lightTheme}>
        <svg>
          <TimeAxis from={from} to={to} width={600} chartWidth={600} top={100} timeZone="UTC" />
        </svg>
      </ThemeProvider>
    );
    vi.mocked(AxisBottom).mockClear();
    const { rerender } = render(axis(from + HOUR));
    expect(AxisBottom).toHaveBeenCalledTimes(1);
    rerender(axis(from + HOUR));
    expect(AxisBottom).toHaveBeenCalledTimes(1);
    rerender(axis(from + 2 * HOUR));
    expect(AxisBottom).toHaveBeenCalledTimes(2);
  });
});
