import { HttpError } from '../lib/http-error.ts';

/** Spec §3 Period display granularity: 0 minutely, 1 hourly, 2 daily, 3 summary. */
export type Granularity = 0 | 1 | 2 | 3;
export const granularityNames = ['minutely', 'hourly', 'daily', 'summary'] as const;

/** How a range is cut into buckets. */
export type BucketPlan =
  /** Fixed-length bins counted from local midnight of `from` (below a day). */
  | { kind: 'fixed'; seconds: number }
  /** Whole local days starting at local midnight (23 or 25 hours on DST days). */
  | { kind: 'days'; days: number }
  /** One bucket for the whole range. */
  | { kind: 'summary' };

/** Without `points`, more buckets than this is refused: ask for fewer. */
export const MAX_BUCKETS = 50_000;

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
/** Nice widths below a day; each divides a day, so bins stay aligned to local midnight. */
const ladder = [1, 2, 5, 10, 15, 30]
  .map((m) => m * MINUTE)
  .concat([1, 2, 3, 6, 12].map((h) => h * HOUR));

const minimumWidth: Record<Granularity, number> = { 0: MINUTE, 1: HOUR, 2: DAY, 3: Infinity };

/** The granularity the spec's periods use for a range: up to 6 h minutely, up to 2 days hourly, else daily. */
export function defaultGranularity(rangeSeconds: number): Granularity {
  if (rangeSeconds <= 6 * HOUR) return 0;
  if (rangeSeconds <= 2 * DAY) return 1;
  return 2;
}

function planOfWidth(seconds: number): BucketPlan {
  return seconds < DAY ? { kind: 'fixed', seconds } : { kind: 'days', days: seconds / DAY };
}

/**
 * The buckets for a range of `rangeSeconds`. With `points`, the narrowest
 * width (not below the granularity's) that gives at most `points` buckets
 * however the range falls on bucket edges; without, the granularity's own
 * width, refused above MAX_BUCKETS.
 */
export function planBuckets(options: {
  rangeSeconds: number;
  granularity?: Granularity | undefined;
  points?: number | undefined;
}): BucketPlan {
  const { rangeSeconds, points } = options;
  const granularity =
    options.granularity ?? (points ? undefined : defaultGranularity(rangeSeconds));
  if (granularity === 3 || points === 1) return { kind: 'summary' };
  const floor = granularity === undefined ? MINUTE : minimumWidth[granularity];
  if (points === undefined) {
    // One more than the whole widths in the range: `from` need not sit on an edge.
    const estimate = Math.floor(rangeSeconds / floor) + 1;
    if (estimate > MAX_BUCKETS) {
      throw new HttpError(
        400,
        `That would be ${estimate} buckets; ask for at most ${MAX_BUCKETS}: pass points or a coarser granularity`,
      );
    }
    return planOfWidth(floor);
  }
  // n whole widths in the range, plus one for the partial bucket at each end.
  const wanted = Math.max(floor, rangeSeconds / (points - 1));
  const fixed = ladder.find((width) => width >= wanted);
  if (fixed !== undefined) return planOfWidth(fixed);
  // Local days: a range of r seconds touches at most r/DAY + 2 of them (DST adds an hour).
  const days = Math.max(1, Math.ceil((rangeSeconds / DAY + 2) / points));
  return { kind: 'days', days };
}

/** The nominal width of a plan in seconds, or null for a summary. */
export function planSeconds(plan: BucketPlan): number | null {
  if (plan.kind === 'fixed') return plan.seconds;
  if (plan.kind === 'days') return plan.days * DAY;
  return null;
}

/** Parses `YYYY-MM-DD HH:mm:ss` (spec §7); a malformed or impossible time is a 400 naming the field. */
export function parseLocalTime(text: string, field: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new HttpError(400, `${field} must be a time as YYYY-MM-DD HH:mm:ss`);
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const valid =
    year >= 1970 &&
    year <= 9999 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  if (!valid) throw new HttpError(400, `${field} is not a real time: ${text}`);
  return `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}:${match[6]}`;
}

/** Whether a zone is a whole number of hours from UTC at these instants (then hourly rollups align). */
export function wholeHourOffsets(timeZone: string, instants: Date[]): boolean {
  const format = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' });
  return instants.every((instant) => {
    const name = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? '';
    const minutes = /GMT[+-]\d{2}:(\d{2})/.exec(name)?.[1];
    return minutes === undefined || minutes === '00';
  });
}
