import { describe, expect, it } from 'vitest';
import { demoCounters, profileOf } from './demo-counters.ts';
import { COUNT_STEP_MS, counterHistory, FINE_HISTORY_MS } from './history.ts';

const TO = Date.UTC(2026, 10, 26, 11, 47, 13);
const DAY = 24 * 60 * 60_000;

function timesOf(key: string, points: ReturnType<typeof counterHistory>): number[] {
  return points.times.filter((_, i) => points.keys[i] === key);
}

describe('demo history', () => {
  const counter = demoCounters[0];
  if (!counter) throw new Error('no demo counters');
  const points = counterHistory(profileOf(counter), 3, TO);

  it('ends with the last two hours message by message, as the simulator sends them', () => {
    const counts = timesOf('countIn', points);
    const fine = counts.filter((time) => time > TO - FINE_HISTORY_MS);
    const gaps = fine.slice(1).map((time, i) => time - (fine[i] ?? time));
    expect(gaps.length).toBeGreaterThan(200);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(9_999);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(30_000);
    // Each message carries every key, as a real one does.
    for (const key of ['countOut', 'battery', 'temperature'])
      expect(timesOf(key, points).filter((time) => time > TO - FINE_HISTORY_MS)).toEqual(fine);
    expect(Math.max(...points.times)).toBeLessThanOrEqual(TO);
    expect(TO - Math.max(...points.times)).toBeLessThan(30_000);
  });

  it('is half-hourly before that, without a gap or an overlap at the seam', () => {
    const counts = timesOf('countIn', points);
    const coarse = counts.filter(
      (time) => time % COUNT_STEP_MS === 0 && time < TO - FINE_HISTORY_MS,
    );
    const seam = coarse.at(-1) ?? 0;
    expect(counts.filter((time) => time <= seam)).toEqual(coarse);
    const firstFine = counts.find((time) => time > seam) ?? 0;
    expect(firstFine - seam).toBeGreaterThanOrEqual(10_000);
    expect(firstFine - seam).toBeLessThanOrEqual(30_000);
    expect(coarse[0]).toBeGreaterThanOrEqual(TO - 3 * DAY);
    expect(coarse[0]).toBeLessThan(TO - 3 * DAY + COUNT_STEP_MS + FINE_HISTORY_MS);
  });

  it('gives the same points for the same counter and end', () => {
    expect(counterHistory(profileOf(counter), 3, TO)).toEqual(points);
  });
});
