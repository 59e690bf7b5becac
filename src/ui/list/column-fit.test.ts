import { describe, expect, it } from 'vitest';
import { fitColumns, MIN_CUT, type ColumnNeed } from './column-fit.ts';

const total = (widths: number[]) => widths.reduce((a, b) => a + b, 0);

/** A device list's columns: star, name, status, registry, organisation, last data. */
const devices: ColumnNeed[] = [
  { natural: 52, fixed: true },
  { natural: 150, whole: true },
  { natural: 70 },
  { natural: 180 },
  { natural: 170 },
  { natural: 170, whole: true },
];

describe('fitting columns to the width there is', () => {
  it('shows every column whole and fills the width when there is room', () => {
    const widths = fitColumns(devices, 1600);
    expect(total(widths)).toBe(1600);
    widths.forEach((width, i) => expect(width).toBeGreaterThanOrEqual(devices[i]?.natural ?? 0));
    // The star keeps its size; the rest widen in proportion.
    expect(widths[0]).toBe(52);
    expect(widths[3]).toBeGreaterThan(widths[2] ?? 0);
  });

  it('cuts the long columns that may give way, in equal shares, before names and times', () => {
    const widths = fitColumns(devices, 700);
    expect(total(widths)).toBe(700);
    expect(widths[1]).toBe(150);
    expect(widths[5]).toBe(170);
    // Status is short: it shows whole; registry and organisation share the rest.
    expect(widths[2]).toBe(70);
    expect(Math.abs((widths[3] ?? 0) - (widths[4] ?? 0))).toBeLessThanOrEqual(1);
    expect(widths[3]).toBeLessThan(180);
  });

  it('scrolls sideways rather than cutting below the floors', () => {
    const widths = fitColumns(devices, 300);
    expect(widths).toEqual([52, 150, 70, MIN_CUT, MIN_CUT, 170]);
  });

  it('cuts a header before the cells of another column', () => {
    // Availability: a long header over short values; registry: long values.
    const needs: ColumnNeed[] = [{ natural: 135, cells: 75 }, { natural: 175 }];
    expect(fitColumns(needs, 260)).toEqual([MIN_CUT, 260 - MIN_CUT]);
    expect(fitColumns(needs, 300)).toEqual([125, 175]);
  });

  it('gives a fill column the width the others leave', () => {
    const log: ColumnNeed[] = [
      { natural: 165, whole: true },
      { natural: 5000, fill: true },
    ];
    expect(fitColumns(log, 1100)).toEqual([165, 935]);
    expect(fitColumns(log, 350)).toEqual([165, 185]);
    // The registry of the Messages table shows whole before the packet gets the rest.
    const messages: ColumnNeed[] = [
      { natural: 165, whole: true },
      { natural: 180 },
      { natural: 5000, fill: true },
    ];
    expect(fitColumns(messages, 1000)).toEqual([165, 180, 655]);
  });
});
