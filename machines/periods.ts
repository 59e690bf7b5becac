/**
 * The period menu's table (spec §3 Period): each menu id with its display
 * granularity (timeType 0 minutely, 1 hourly, 2 daily) and whether it is a
 * live period. Pure data, shared by the period menu machine and the console,
 * which adds the labels (src/lib/periods.ts).
 */

export type PeriodMenuId = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

export interface PeriodChoice {
  menuId: PeriodMenuId;
  timeType: 0 | 1 | 2;
  /** Offered only while live data is on. */
  live: boolean;
}

/** The custom from/to period. */
export const customPeriod: PeriodChoice = { menuId: 6, timeType: 2, live: false };
export const CUSTOM_MENU_ID = customPeriod.menuId;

export const periodChoices: readonly PeriodChoice[] = [
  { menuId: 0, timeType: 1, live: false }, // today
  { menuId: 1, timeType: 1, live: false }, // yesterday
  { menuId: 2, timeType: 2, live: false }, // this week
  { menuId: 3, timeType: 2, live: false }, // last 7 days
  { menuId: 4, timeType: 2, live: false }, // last 30 days
  { menuId: 5, timeType: 2, live: false }, // last 90 days
  customPeriod,
  { menuId: 7, timeType: 0, live: true }, // last minute
  { menuId: 8, timeType: 0, live: true }, // last 5 minutes
  { menuId: 9, timeType: 0, live: true }, // last 10 minutes
  { menuId: 10, timeType: 0, live: true }, // last 30 minutes
  { menuId: 11, timeType: 0, live: true }, // last hour
  // The spec reads 12 as 'last 3600 min' and as 'last 6 hours'; docs/periods.md says why 6 hours.
  { menuId: 12, timeType: 1, live: true },
];

export function periodChoice(menuId: number): PeriodChoice | undefined {
  return periodChoices.find((choice) => choice.menuId === menuId);
}

/** Whether the menu offers a period: the live ones only while live data is on. */
export const isOffered = (choice: PeriodChoice, liveData: boolean): boolean =>
  liveData || !choice.live;
