import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from './common.ts';
import { KEY_NAME_MAX_LENGTH, KEY_NAME_PATTERN } from './list.ts';

export const HistoryKey = Type.String({
  minLength: 1,
  maxLength: KEY_NAME_MAX_LENGTH,
  pattern: KEY_NAME_PATTERN,
  description: 'The data key, e.g. `temperature`',
});

/** The longest IANA time zone name the history route takes (the longest known is 32). */
export const TIME_ZONE_MAX_LENGTH = 64;

/** A local wall-clock time in the organisation's time zone (spec §7). */
export const LocalTime = Type.String({
  maxLength: 19,
  description: 'YYYY-MM-DD HH:mm:ss in the organisation time zone; `to` is inclusive to the second',
  examples: ['2024-03-31 00:00:00'],
});

export const Statistic = Type.Union(
  [
    Type.Literal('avg'),
    Type.Literal('min'),
    Type.Literal('max'),
    Type.Literal('sum'),
    Type.Literal('count'),
  ],
  { description: 'The statistic that becomes each bucket’s `value`' },
);
export type Statistic = Static<typeof Statistic>;

export const HistoryQuery = Type.Object(
  {
    granularity: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 3,
        description:
          'Spec §3 Period display granularity: 0 minutely, 1 hourly, 2 daily, 3 summary. Default by range: up to 6 h minutely, up to 2 days hourly, else daily',
      }),
    ),
    points: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 10_000,
        description: 'At most this many buckets; the width is widened until they fit',
      }),
    ),
    raw: Type.Optional(
      Type.Boolean({ description: 'The stored points themselves (at most 50,000), not buckets' }),
    ),
    timeZone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: TIME_ZONE_MAX_LENGTH,
        pattern: '^[A-Za-z0-9_+\\-]+(/[A-Za-z0-9_+\\-]+)*$',
        description:
          "The IANA time zone `from` and `to` are in (e.g. UTC), instead of the organisation's: a window that slides with the clock needs no zone. Buckets still follow the organisation's days",
        examples: ['UTC'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type HistoryQuery = Static<typeof HistoryQuery>;

export const HistoryPoint = Type.Object({
  time: Type.String({ format: 'date-time', description: 'Bucket start; raw: the point time' }),
  end: Type.String({
    format: 'date-time',
    description: 'Bucket end (exclusive); raw: the point time',
  }),
  value: Nullable(Type.Number({ description: 'The chosen statistic; raw: the stored value' })),
  min: Nullable(Type.Number()),
  max: Nullable(Type.Number()),
  avg: Nullable(Type.Number()),
  sum: Nullable(Type.Number()),
  count: Type.Integer({ description: 'Numeric values in the bucket' }),
  firstTime: Timestamp,
  lastTime: Timestamp,
  textValue: Nullable(Type.String({ description: 'Raw points only' })),
});
export type HistoryPoint = Static<typeof HistoryPoint>;

/** The history route's answer: raw points (`raw=true`) or buckets, in one shape. */
export const History = Type.Object({
  deviceId: Type.Integer(),
  key: Type.String(),
  timeZone: Type.String(),
  from: Timestamp,
  to: Timestamp,
  granularity: Type.Union([
    Type.Literal('minutely'),
    Type.Literal('hourly'),
    Type.Literal('daily'),
    Type.Literal('summary'),
    Type.Literal('raw'),
    Type.Literal('auto'),
  ]),
  bucketSeconds: Nullable(Type.Integer({ description: 'Nominal width; null for summary and raw' })),
  stat: Statistic,
  truncated: Type.Boolean({ description: 'Raw only: more points exist after the last one' }),
  points: Type.Array(HistoryPoint),
});
export type History = Static<typeof History>;

/** The most history reads one batch carries (a wall of graphs; a multi-source chart's devices). */
export const HISTORY_BATCH_MAX = 50;

/**
 * Several history reads in one request (`POST /api/v2/devicedata-batch`): a
 * wall of graphs asks for all its series at once instead of queueing them
 * behind the browser's six connections per server. Each `url` is a GET of
 * `/api/v2/devicedata-clean/…` exactly as it would be sent alone.
 */
export const HistoryBatch = Type.Object(
  {
    requests: Type.Array(
      Type.Object(
        {
          id: Type.String({ minLength: 1, maxLength: 64 }),
          url: Type.String({
            minLength: 1,
            maxLength: 2048,
            pattern: '^/api/v2/devicedata-clean/',
            description: 'A history read as its own GET would be: path and query',
          }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: HISTORY_BATCH_MAX },
    ),
  },
  { additionalProperties: false },
);
export type HistoryBatch = Static<typeof HistoryBatch>;

/**
 * Each read's answer, in the order asked, with the status and body its own
 * GET would have had: one device refused or one bad range does not fail the others.
 */
export const HistoryBatchAnswer = Type.Object({
  responses: Type.Array(
    Type.Object({
      id: Type.String(),
      status: Type.Integer(),
      body: Type.Unknown(),
    }),
  ),
});
export type HistoryBatchAnswer = Static<typeof HistoryBatchAnswer>;
