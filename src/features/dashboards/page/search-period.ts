import type { GraphPeriod } from '../../../../contracts/dashboard.ts';
import { periodOption } from '../../../lib/periods.ts';
import type { DashboardSearch } from '../components/dashboard-search.ts';

const CUSTOM = 6;

/** The dashboard-wide period the URL names, or undefined: each graph shows its own. */
export function periodOfSearch(search: DashboardSearch): GraphPeriod | undefined {
  if (search.period === undefined) return undefined;
  const option = periodOption(search.period);
  if (!option) return undefined;
  if (search.period !== CUSTOM)
    return { menuId: search.period, timeType: option.timeType, chartType: 3 };
  if (search.from === undefined || search.to === undefined) return undefined;
  return {
    menuId: CUSTOM,
    timeType: option.timeType,
    chartType: 3,
    from: new Date(search.from).toISOString(),
    to: new Date(search.to).toISOString(),
  };
}

/** The URL's period fields for a dashboard-wide period (all absent: each graph's own). */
export function searchOfPeriod(
  period: GraphPeriod | undefined,
): Pick<DashboardSearch, 'period' | 'from' | 'to'> {
  if (!period) return { period: undefined, from: undefined, to: undefined };
  if (period.menuId !== CUSTOM || !period.from || !period.to)
    return { period: period.menuId, from: undefined, to: undefined };
  return { period: CUSTOM, from: Date.parse(period.from), to: Date.parse(period.to) };
}
