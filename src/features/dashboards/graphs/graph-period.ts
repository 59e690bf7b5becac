import type { Graph, GraphPeriod } from '../../../../contracts/dashboard.ts';
import { periodWindow, type PeriodWindow } from '../../../lib/periods.ts';
import type { Period } from '../../../lib/settings.ts';

const DAY = 86_400_000;

/**
 * The period a graph shows: a dashboard-wide choice first, then its own
 * (periodType 1) or the user's default (periodType 0, Settings → Diagrams;
 * null when the user has none). The chart kind stays the graph's own.
 */
export function effectivePeriod(
  graph: Graph,
  override: GraphPeriod | undefined,
  userPeriods: readonly Period[],
): GraphPeriod | null {
  if (override) return { ...override, chartType: graph.period.chartType };
  if (graph.periodType === 1) return graph.period;
  const preferred = userPeriods[0];
  if (!preferred) return null;
  return {
    menuId: preferred.menuId,
    timeType: preferred.timeType,
    chartType: graph.period.chartType,
  };
}

/** The window a period covers at `now`: custom from/to (last 7 days when unset), or the menu's. */
export function windowOf(period: GraphPeriod, now: number, timeZone: string): PeriodWindow {
  if (period.menuId !== 6) return periodWindow(period.menuId, now, timeZone);
  const from = period.from ? Date.parse(period.from) : NaN;
  const to = period.to ? Date.parse(period.to) : NaN;
  if (Number.isFinite(from) && Number.isFinite(to) && from < to) return { kind: 'fixed', from, to };
  return { kind: 'fixed', from: now - 7 * DAY, to: now };
}

/** Whether new values can still arrive inside the period (it ends now or later). */
export function followsLive(window: PeriodWindow, now: number): boolean {
  return window.kind === 'sliding' || window.to >= now;
}

/** The window's ends at `now`. */
export function windowRange(window: PeriodWindow, now: number): { from: number; to: number } {
  return window.kind === 'sliding'
    ? { from: now - window.durationMs, to: now }
    : { from: window.from, to: window.to };
}
