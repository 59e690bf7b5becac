import { describe, expect, it } from 'vitest';
import { yearSpan } from './days.ts';

describe('calendar years', () => {
  it('are the years of the path', () => {
    expect(yearSpan({ from: '2025-01-01', to: '2027-12-31' })).toEqual({ from: 2025, to: 2027 });
    expect(yearSpan({ from: '2026-01-01', to: '2030-12-31' })).toEqual({ from: 2026, to: 2030 });
  });

  it('refuse an end before the start, more than five years, and years before 1000', () => {
    expect(() => yearSpan({ from: '2027-01-01', to: '2026-12-31' })).toThrow(/ends \(2026\)/);
    expect(() => yearSpan({ from: '2026-01-01', to: '2031-12-31' })).toThrow(/at most 5 years/);
    expect(() => yearSpan({ from: '0050-01-01', to: '0050-12-31' })).toThrow(/1000/);
  });
});
