import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * The period menu of spec §3: menuId, label and display granularity
 * (timeType 0 minutely, 1 hourly, 2 daily). 6 is the custom from/to period;
 * 7 to 12 are live periods, offered only when live data is on.
 */
export interface PeriodOption {
  menuId: number;
  label: MessageDescriptor;
  timeType: 0 | 1 | 2;
  live: boolean;
}

export const periodOptions: readonly PeriodOption[] = [
  { menuId: 0, label: msg`Today`, timeType: 1, live: false },
  { menuId: 1, label: msg`Yesterday`, timeType: 1, live: false },
  { menuId: 2, label: msg`This week`, timeType: 2, live: false },
  { menuId: 3, label: msg`Last 7 days`, timeType: 2, live: false },
  { menuId: 4, label: msg`Last 30 days`, timeType: 2, live: false },
  { menuId: 5, label: msg`Last 90 days`, timeType: 2, live: false },
  { menuId: 6, label: msg`Custom period`, timeType: 2, live: false },
  { menuId: 7, label: msg`Last minute`, timeType: 0, live: true },
  { menuId: 8, label: msg`Last 5 minutes`, timeType: 0, live: true },
  { menuId: 9, label: msg`Last 10 minutes`, timeType: 0, live: true },
  { menuId: 10, label: msg`Last 30 minutes`, timeType: 0, live: true },
  { menuId: 11, label: msg`Last hour`, timeType: 0, live: true },
  { menuId: 12, label: msg`Last 6 hours`, timeType: 1, live: true },
];

/** The periods a menu offers: the live ones only with live data on. */
export function availablePeriods(liveData: boolean): readonly PeriodOption[] {
  return periodOptions.filter((option) => liveData || !option.live);
}

export function periodOption(menuId: number): PeriodOption | undefined {
  return periodOptions.find((option) => option.menuId === menuId);
}
