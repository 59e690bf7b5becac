import { cleanup, render } from '@testing-library/react';
import ReactGridLayout, { type LayoutItem } from 'react-grid-layout';
import { afterEach, describe, expect, it } from 'vitest';
import { compactLayout, gridConfigFor, gridHeight, itemStyle } from './grid-layout.ts';

afterEach(cleanup);

/** A wide dashboard's layout as stored: a gap above one graph, another past the right edge. */
const stored: LayoutItem[] = [
  { i: 'a', x: 0, y: 0, w: 6, h: 12 },
  { i: 'b', x: 6, y: 0, w: 6, h: 12 },
  { i: 'c', x: 0, y: 30, w: 4, h: 8 },
  { i: 'd', x: 10, y: 12, w: 4, h: 6 },
  { i: 'e', x: 4, y: 12, w: 4, h: 10 },
];

/** Where react-grid-layout itself puts each item, once mounted. */
function placedByLibrary(layout: LayoutItem[], cols: number, width: number) {
  const { container } = render(
    <ReactGridLayout
      width={width}
      layout={layout}
      gridConfig={gridConfigFor(cols)}
      dragConfig={{ enabled: false }}
      resizeConfig={{ enabled: false }}
    >
      {layout.map((item) => (
        <div key={item.i} data-id={item.i} />
      ))}
    </ReactGridLayout>,
  );
  const grid = container.querySelector<HTMLElement>('.react-grid-layout');
  const items = [...container.querySelectorAll<HTMLElement>('[data-id]')].map((item) => ({
    i: item.dataset.id,
    transform: item.style.transform,
    width: item.style.width,
    height: item.style.height,
  }));
  return { height: grid?.style.height, items };
}

describe('the dashboard grid laid out without react-grid-layout', () => {
  it.each([
    { cols: 12, width: 1184 },
    { cols: 12, width: 777 },
    { cols: 1, width: 380 },
  ])(
    'puts every graph where react-grid-layout does ($cols columns, $width px)',
    ({ cols, width }) => {
      const layout = cols === 1 ? stored.map((item) => ({ ...item, x: 0, w: 1 })) : stored;
      const library = placedByLibrary(layout, cols, width);
      const placed = compactLayout(layout, cols);
      const ours = placed.map((item) => {
        const style = itemStyle(item, cols, width);
        return { i: item.i, transform: style.transform, width: style.width, height: style.height };
      });
      const byId = (a: { i?: string }, b: { i?: string }) => (a.i ?? '').localeCompare(b.i ?? '');
      expect(ours.sort(byId)).toEqual(library.items.sort(byId));
      expect(`${gridHeight(placed)}px`).toBe(library.height);
      // The stored gap is closed and the graph past the edge brought in, as the library does.
      const at = (id: string) => placed.find((item) => item.i === id);
      if (cols === 12) {
        expect(at('c')?.y).toBe(12);
        expect(at('d')?.x).toBe(8);
      } else
        expect(placed.map((item) => item.y).sort((a, b) => a - b)).toEqual([0, 12, 24, 30, 40]);
    },
  );
});
