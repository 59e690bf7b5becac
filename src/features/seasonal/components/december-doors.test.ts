import { describe, expect, it } from 'vitest';
import { decemberDoors, openDoors } from './december-doors.ts';

describe('the December calendar', () => {
  it('has a door for each day from 1 to 24 December', () => {
    expect(decemberDoors).toHaveLength(24);
  });

  it('opens one door a day in December and keeps all 24 open to the end of the year', () => {
    expect(openDoors(new Date(2026, 10, 30, 23, 59))).toBe(0);
    expect(openDoors(new Date(2026, 11, 1, 0, 0))).toBe(1);
    expect(openDoors(new Date(2026, 11, 13, 12, 0))).toBe(13);
    expect(openDoors(new Date(2026, 11, 24, 8, 0))).toBe(24);
    expect(openDoors(new Date(2026, 11, 31, 23, 0))).toBe(24);
    expect(openDoors(new Date(2027, 0, 1, 0, 0))).toBe(0);
  });
});
