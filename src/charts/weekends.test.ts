import { describe, expect, it } from 'vitest';
import { daysOffRanges, weekendRanges } from './weekends.ts';

const zone = 'Europe/Copenhagen';
const at = (iso: string) => new Date(iso).getTime();

describe('days off on a time axis', () => {
  it('shades a weekday holiday as its own whole day on the local clock', () => {
    // Wednesday 24 and Thursday 25 December 2025 (winter time, UTC+1).
    const ranges = daysOffRanges(at('2025-12-22T00:00:00Z'), at('2025-12-26T12:00:00Z'), zone, [
      '2025-12-24',
      '2025-12-25',
    ]);
    expect(ranges).toEqual([[at('2025-12-23T23:00:00Z'), at('2025-12-25T23:00:00Z')]]);
  });

  it('merges a holiday next to a weekend into one span', () => {
    // Easter Monday, 6 April 2026 (summer time, UTC+2), follows the weekend.
    const from = at('2026-04-01T00:00:00Z');
    const to = at('2026-04-08T00:00:00Z');
    expect(daysOffRanges(from, to, zone, ['2026-04-06'])).toEqual([
      [at('2026-04-03T22:00:00Z'), at('2026-04-06T22:00:00Z')],
    ]);
    expect(weekendRanges(from, to, zone)).toEqual([
      [at('2026-04-03T22:00:00Z'), at('2026-04-05T22:00:00Z')],
    ]);
  });

  it('leaves out holidays outside the range and clips those at its edges', () => {
    const from = at('2026-12-24T12:00:00Z');
    const to = at('2026-12-25T06:00:00Z');
    expect(daysOffRanges(from, to, zone, ['2026-12-24', '2027-01-01'])).toEqual([
      [from, at('2026-12-24T23:00:00Z')],
    ]);
  });
});
