import { describe, expect, it } from 'vitest';
import {
  daysUntil,
  formatDay,
  formatRelativeDay,
  formatCalendarDate,
  formatCount,
  formatDate,
  formatDateTime,
  formatNumber,
} from './format.ts';

describe('formatting', () => {
  it('shows a calendar day as DD/MM/YYYY without moving it through a time zone', () => {
    expect(formatDay('2026-05-01')).toBe('01/05/2026');
    expect(formatDay('2026-12-31')).toBe('31/12/2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  const moment = new Date(2026, 10, 22, 14, 5, 9);

  it('writes dates as DD/MM/YYYY and times in 24 hours', () => {
    expect(formatDate(moment)).toBe('22/11/2026');
    expect(formatDateTime(moment)).toBe('22/11/2026 14:05:09');
    expect(formatDate('not a date')).toBe('');
  });

  it('uses relative wording within 7 days, a date beyond', () => {
    const yesterday = new Date(2026, 10, 21, 14, 5);
    expect(formatCalendarDate(yesterday, 'da', moment)).toMatch(/i går/);
    expect(formatCalendarDate(yesterday, 'en', moment)).toMatch(/yesterday/);
    expect(formatCalendarDate(new Date(2026, 9, 1), 'da', moment)).toBe('01/10/2026');
  });

  it('writes counts with a comma and the asked decimals', () => {
    expect(formatCount(1234.5, 2)).toBe('1.234,50');
    expect(formatCount(0.12345, 3)).toBe('0,123');
  });

  it('writes other numbers with a decimal comma in Danish, every decimal kept and no float noise', () => {
    expect(formatNumber(0.3)).toBe('0,3');
    expect(formatNumber(0.3, 'en')).toBe('0.3');
    expect(formatNumber(56.153620000000004, 'da')).toBe('56,15362');
    expect(formatNumber(10.2003456789, 'da')).toBe('10,2003456789');
    expect(formatNumber(-3, 'da')).toBe('-3');
    expect(formatNumber(0.1 + 0.2, 'en')).toBe('0.3');
  });
});

describe('formatRelativeDay', () => {
  const now = new Date(2026, 11, 23, 15, 30);
  it('says days within a week in words, in both languages', () => {
    expect(formatRelativeDay('2026-12-23', 'da', now)).toBe('i dag');
    expect(formatRelativeDay('2026-12-24', 'da', now)).toBe('i morgen');
    expect(formatRelativeDay('2026-12-24', 'en', now)).toBe('tomorrow');
    expect(formatRelativeDay('2026-12-26', 'da', now)).toBe('om 3 dage');
    expect(formatRelativeDay('2026-12-26', 'en', now)).toBe('in 3 days');
    expect(formatRelativeDay('2026-12-22', 'en', now)).toBe('yesterday');
    expect(formatRelativeDay('2026-12-30', 'en', now)).toBe('in 7 days');
  });
  it('gives the date further away, with the year when it is another', () => {
    expect(formatRelativeDay('2026-12-31', 'da', now)).toBe('31. december');
    expect(formatRelativeDay('2026-12-31', 'en', now)).toBe('31 December');
    expect(formatRelativeDay('2027-04-06', 'da', now)).toBe('6. april 2027');
  });
  it('counts calendar days, not 24-hour spans', () => {
    expect(daysUntil('2026-12-24', new Date(2026, 11, 23, 23, 59))).toBe(1);
    expect(daysUntil('2026-12-24', new Date(2026, 11, 24, 0, 1))).toBe(0);
  });
});
