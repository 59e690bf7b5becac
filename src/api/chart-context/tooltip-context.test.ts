import { describe, expect, it } from 'vitest';
import { momentDates, weatherInstant } from './tooltip-context.tsx';

const zone = 'Europe/Copenhagen';
const at = (iso: string) => new Date(iso).getTime();

describe("a tooltip's weather and days", () => {
  it('asks the hour pointed at for a short bucket or a raw point', () => {
    const time = at('2026-11-27T09:40:00Z');
    expect(weatherInstant({ time }, zone)).toBe(time);
    expect(weatherInstant({ time, span: { start: time, end: time + 30 * 60_000 } }, zone)).toBe(
      time,
    );
  });

  it("asks noon of the day on the organisation's clock for a day's bucket", () => {
    // The bucket of 24 December in Copenhagen starts at 23:00 UTC on the 23rd.
    const start = at('2025-12-23T23:00:00Z');
    const moment = { time: start, span: { start, end: at('2025-12-24T23:00:00Z') } };
    expect(new Date(weatherInstant(moment, zone)).toISOString()).toBe('2025-12-24T11:00:00.000Z');
    expect(momentDates(moment, zone)).toEqual(['2025-12-24']);
  });

  it('lists every day a longer span covers', () => {
    const start = at('2025-12-23T23:00:00Z');
    expect(
      momentDates({ time: start, span: { start, end: at('2025-12-26T23:00:00Z') } }, zone),
    ).toEqual(['2025-12-24', '2025-12-25', '2025-12-26']);
    expect(momentDates({ time: at('2025-12-24T22:30:00Z') }, zone)).toEqual(['2025-12-24']);
  });
});
