import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { lightTheme } from '../ui/theme.ts';
import { TimeAxis, tickLabel } from './axes.tsx';

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
});
