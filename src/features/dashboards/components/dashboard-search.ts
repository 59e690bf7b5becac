/**
 * The dashboard page's state in the URL, so a wall display can be bookmarked:
 * the selected dashboard, a period for all its graphs (menuId 0–12; for the
 * custom period 6 its from and to as epoch milliseconds) and the kiosk flag.
 */
export interface DashboardSearch {
  board?: string;
  period?: number;
  from?: number;
  to?: number;
  kiosk?: boolean;
}

const integerIn = (value: unknown, min: number, max: number): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max
    ? number
    : undefined;
};

const timeOf = (value: unknown): number | undefined => {
  if (typeof value === 'number') return integerIn(value, 0, 8.64e15);
  if (typeof value !== 'string' || value === '') return undefined;
  const asNumber = integerIn(value, 0, 8.64e15);
  if (asNumber !== undefined) return asNumber;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
};

/** Keeps what makes sense of the search params and drops the rest. */
export function parseDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const result: DashboardSearch = {};
  const board = search.board;
  if (typeof board === 'string' && /^[a-z0-9][a-z0-9-]{0,119}$/.test(board)) result.board = board;
  const period = integerIn(search.period, 0, 12);
  if (period !== undefined) {
    const from = timeOf(search.from);
    const to = timeOf(search.to);
    if (period !== 6) result.period = period;
    // A custom period needs both ends, in order; without them it is no override.
    else if (from !== undefined && to !== undefined && from < to)
      Object.assign(result, { period, from, to });
  }
  const kiosk = search.kiosk;
  if (kiosk === true || kiosk === 1 || kiosk === '1' || kiosk === 'true') result.kiosk = true;
  return result;
}
