import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../lib/i18n.ts';
import { renderScreen } from '../ui/test-support.tsx';
import { PieChart } from './pie-chart.tsx';
import { slicesPerDataset } from './slices.ts';
import { TEST_ZONE, dailySeries } from './test-series.ts';
import { layOut } from './test-layout.ts';

const zone = TEST_ZONE;
const meter = dailySeries;

const slices = slicesPerDataset([
  meter('a', 'Måler A', [1000, 234.5678]),
  meter('b', 'Måler B', [300, 100]),
  meter('c', 'Måler C', [0, 0]),
]);

const slicePath = (id: string) => document.querySelector(`path[data-slice="${id}"]`);

beforeEach(() => {
  layOut(500);
  return activateLocale('da');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('pie chart', () => {
  it('draws a slice per dataset above zero, with a legend of all', () => {
    renderScreen(<PieChart label="Vand" slices={slices} timeZone={zone} />);
    expect(document.querySelectorAll('path[data-slice]')).toHaveLength(2);
    expect(slicePath('a')?.getAttribute('fill')).toBe(slices[0]?.color);
    expect(slicePath('b')).not.toBeNull();
    expect(slicePath('c')).toBeNull();
    for (const name of ['Måler A', 'Måler B', 'Måler C'])
      expect(screen.getByText(name)).toBeTruthy();
  });

  it('draws a doughnut with a hole', () => {
    const arcsOf = () => (slicePath('a')?.getAttribute('d') ?? '').match(/A/g)?.length ?? 0;
    renderScreen(<PieChart label="Vand" slices={slices} timeZone={zone} />);
    expect(screen.getByRole('img').getAttribute('data-chart')).toBe('pie');
    expect(arcsOf()).toBe(1);
    cleanup();
    renderScreen(<PieChart label="Vand" slices={slices} variant="doughnut" timeZone={zone} />);
    expect(screen.getByRole('img').getAttribute('data-chart')).toBe('doughnut');
    // A doughnut's slice has an inner arc as well as the outer one.
    expect(arcsOf()).toBe(2);
  });

  it("tells a tapped slice's value with two decimals and a decimal comma, its share and span", () => {
    renderScreen(<PieChart label="Vand" unit="m³" slices={slices} timeZone={zone} />);
    const a = slicePath('a');
    if (!a) throw new Error('no slice a');
    fireEvent.pointerDown(a, { pointerType: 'touch' });
    const tooltip = screen.getByRole('tooltip');
    expect(within(tooltip).getByText('Måler A')).toBeTruthy();
    expect(within(tooltip).getByText('1.234,57 m³')).toBeTruthy();
    expect(within(tooltip).getByText(/75,5\s%\s·\s23\/11\/2026–24\/11\/2026/)).toBeTruthy();
  });

  it("hands the page the tapped slice's from and to for the tooltip's context", () => {
    const context = vi.fn(() => <p>Weather then</p>);
    renderScreen(
      <PieChart label="Vand" slices={slices} timeZone={zone} tooltipContext={context} />,
    );
    const a = slicePath('a');
    if (!a) throw new Error('no slice a');
    fireEvent.pointerDown(a, { pointerType: 'touch' });
    const tooltip = screen.getByRole('tooltip');
    expect(within(tooltip).getByText('Weather then')).toBeTruthy();
    const slice = slices[0];
    if (!slice) throw new Error('no slice');
    expect(context).toHaveBeenLastCalledWith(
      expect.objectContaining({
        time: slice.from,
        span: { start: slice.from, end: slice.to },
        datasetIds: ['a'],
      }),
    );
  });

  it('shows the tooltip when a mouse rests on a slice', async () => {
    renderScreen(<PieChart label="Vand" slices={slices} timeZone={zone} hoverTime={1} />);
    const b = slicePath('b');
    if (!b) throw new Error('no slice b');
    fireEvent.pointerMove(b, { pointerType: 'mouse' });
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByText('400,00')).toBeTruthy();
  });

  it('moves the slice named in the legend under the pointer out', () => {
    renderScreen(<PieChart label="Vand" slices={slices} timeZone={zone} />);
    expect(slicePath('b')?.getAttribute('transform')).toBe('translate(0,0)');
    fireEvent.pointerEnter(screen.getByText('Måler B'));
    expect(slicePath('b')?.getAttribute('transform')).not.toBe('translate(0,0)');
  });

  it('shows the no-data note when no slice is above zero', () => {
    renderScreen(<PieChart label="Vand" slices={slicesPerDataset([meter('c', 'C', [0])])} />);
    expect(screen.getByRole('status').textContent).toContain(
      'Der er i øjeblikket ingen data tilgængelige!',
    );
    expect(document.querySelector('path[data-slice]')).toBeNull();
  });
});
