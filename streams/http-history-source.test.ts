import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  fetchJson,
  httpHistorySource,
  utcClock,
  wallClock,
  zoneOffset,
} from './http-history-source.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** One history answer in the route's shape (docs/live.md). */
function answer(
  points: { time: number; value: number | null; firstTime?: number }[],
  truncated = false,
) {
  return {
    deviceId: 12,
    key: 'temperature',
    timeZone: 'Europe/Copenhagen',
    from: iso(0),
    to: iso(0),
    granularity: truncated ? 'auto' : 'raw',
    bucketSeconds: null,
    stat: 'avg',
    truncated,
    points: points.map((p) => ({
      time: iso(p.time),
      end: iso(p.time),
      value: p.value,
      min: p.value,
      max: p.value,
      avg: p.value,
      sum: p.value,
      count: 1,
      firstTime: iso(p.firstTime ?? p.time),
      lastTime: iso(p.firstTime ?? p.time),
      textValue: null,
    })),
  };
}

const decode = (path: string) => decodeURIComponent(path);

describe('wallClock', () => {
  it('writes instants on the wall clock of a zone, summer and winter', () => {
    expect(wallClock(Date.UTC(2024, 0, 15, 10, 0, 5), 'Europe/Copenhagen')).toBe(
      '2024-01-15 11:00:05',
    );
    expect(wallClock(Date.UTC(2024, 6, 1, 22, 30), 'Europe/Copenhagen')).toBe(
      '2024-07-02 00:30:00',
    );
    expect(wallClock(Date.UTC(2024, 6, 1, 22, 30), 'UTC')).toBe('2024-07-01 22:30:00');
  });

  it('writes UTC without a time-zone formatter, to the second as the zones are', () => {
    // London keeps UTC in winter: the same text as its time-zone formatter writes.
    for (const ms of [Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(2026, 10, 26, 0, 0, 0, 1)]) {
      expect(utcClock(ms)).toBe(wallClock(ms, 'Europe/London'));
    }
    expect(utcClock(Date.UTC(2024, 1, 29, 23, 59, 59, 999))).toBe('2024-02-29 23:59:59');
    expect(utcClock(Date.UTC(2026, 10, 26, 0, 0, 0, 1))).toBe('2026-11-26 00:00:00');
  });
});

describe('zoneOffset', () => {
  it('gives the offset of a zone at an instant, across daylight saving time', () => {
    expect(zoneOffset(Date.UTC(2024, 0, 15), 'Europe/Copenhagen')).toBe(3_600_000);
    expect(zoneOffset(Date.UTC(2024, 6, 15), 'Europe/Copenhagen')).toBe(7_200_000);
    expect(zoneOffset(Date.UTC(2024, 6, 15), 'America/New_York')).toBe(-4 * 3_600_000);
  });
});

describe('httpHistorySource', () => {
  const from = Date.UTC(2024, 0, 15, 10);
  const to = Date.UTC(2024, 0, 15, 11);

  it('asks for raw points over exactly the range, in UTC', async () => {
    const paths: string[] = [];
    const source = httpHistorySource({
      get: async (path) => {
        paths.push(decode(path));
        return answer([
          { time: from - 60_000, value: 1 },
          { time: from, value: 2 },
          { time: from + 60_000, value: null },
          { time: to, value: 3 },
          { time: to + 60_000, value: 4 },
        ]);
      },
    });
    const request = { deviceId: 12, key: 'temperature', from, to, maxPoints: 500 };
    expect(await source.fetch(request)).toEqual([
      { time: from, value: 2 },
      { time: to, value: 3 },
    ]);
    await source.fetch(request);
    expect(paths).toEqual([
      // Exactly the range, in UTC, and said so: no hour around it for an ambiguous wall clock.
      '/v2/devicedata-clean/12/2024-01-15 10:00:00/2024-01-15 11:00:00/temperature?raw=true&timeZone=UTC',
      '/v2/devicedata-clean/12/2024-01-15 10:00:00/2024-01-15 11:00:00/temperature?raw=true&timeZone=UTC',
    ]);
  });

  it('falls back to buckets placed at their first value when raw is truncated', async () => {
    const paths: string[] = [];
    const source = httpHistorySource({
      get: async (path) => {
        paths.push(decode(path));
        return path.includes('raw=true')
          ? answer([{ time: from, value: 1 }], true)
          : answer([{ time: from - 30_000, firstTime: from + 5_000, value: 7 }]);
      },
    });
    expect(
      await source.fetch({ deviceId: 12, key: 'temperature', from, to, maxPoints: 800 }),
    ).toEqual([{ time: from + 5_000, value: 7 }]);
    expect(paths[1]).toBe(
      '/v2/devicedata-clean/12/2024-01-15 10:00:00/2024-01-15 11:00:00/temperature?points=800&timeZone=UTC',
    );
  });

  it('asks for buckets over exactly the range and keeps their range', async () => {
    const paths: string[] = [];
    const hour = 3_600_000;
    const bucket = (start: number, min: number | null, max: number | null, sum: number | null) => ({
      time: iso(start),
      end: iso(start + hour),
      value: sum === null ? null : sum / 2,
      min,
      max,
      avg: sum === null ? null : sum / 2,
      sum,
      count: sum === null ? 0 : 2,
      firstTime: iso(start + 60_000),
      lastTime: iso(start + 120_000),
      textValue: null,
    });
    const source = httpHistorySource({
      get: async (path) => {
        paths.push(decode(path));
        return {
          ...answer([]),
          from: iso(from - hour),
          to: iso(to + hour),
          granularity: 'auto',
          bucketSeconds: 3600,
          points: [
            bucket(from - 2 * hour, 0, 0, 0), // before the range asked
            bucket(from, 1, 5, 6),
            bucket(from + hour, null, null, null), // no numeric values
          ],
        };
      },
    });
    const history = await source.fetchBuckets({
      deviceId: 12,
      key: 'temperature',
      from,
      to,
      buckets: 700,
    });
    expect(paths).toEqual([
      '/v2/devicedata-clean/12/2024-01-15 10:00:00/2024-01-15 11:00:00/temperature?points=700&timeZone=UTC',
    ]);
    expect(history).toEqual({
      bucketMs: hour,
      edge: from,
      buckets: [
        {
          start: from,
          end: from + hour,
          min: 1,
          max: 5,
          sum: 6,
          count: 2,
          firstTime: from + 60_000,
          lastTime: from + 120_000,
        },
      ],
    });
  });

  it('puts the grid on local midnight when no bucket came back', async () => {
    const source = httpHistorySource({
      get: async () => ({ ...answer([]), bucketSeconds: 7200, granularity: 'auto' }),
    });
    const history = await source.fetchBuckets({
      deviceId: 12,
      key: 'temperature',
      from,
      to,
      buckets: 50,
    });
    // Midnight in Copenhagen is 23:00 UTC in winter.
    expect(history).toEqual({ bucketMs: 7_200_000, edge: Date.UTC(2024, 0, 14, 23), buckets: [] });
  });

  it('rejects an answer of another shape', async () => {
    const source = httpHistorySource({ get: async () => ({ points: 'none' }) });
    await expect(
      source.fetch({ deviceId: 12, key: 'temperature', from, to, maxPoints: 10 }),
    ).rejects.toThrow('Unexpected answer');
  });

  it('rejects buckets that lack a statistic or carry a time that is not an instant', async () => {
    const point = answer([{ time: from, value: 1 }]).points[0];
    expect(point).toBeDefined();
    const { min: _min, ...withoutMin } = point ?? {};
    for (const points of [[withoutMin], [{ ...point, lastTime: 'yesterday' }]]) {
      const source = httpHistorySource({
        get: async () => ({ ...answer([]), points }),
      });
      await expect(
        source.fetchBuckets({ deviceId: 12, key: 'temperature', from, to, buckets: 50 }),
      ).rejects.toThrow('Unexpected answer from the history route');
    }
  });
});

describe('fetchJson', () => {
  it('sends the token and turns a failed answer into its message', async () => {
    const seen: (string | undefined)[] = [];
    const http = createServer((req, res) => {
      seen.push(req.headers.authorization);
      const missing = req.url?.includes('/404/') ?? false;
      res.writeHead(missing ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(missing ? { message: 'Device not found' } : { ok: true }));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api`;
    const get = fetchJson({ baseUrl, token: () => 'nly_secret' });
    try {
      expect(await get('/v2/devicedata-clean/1/x')).toEqual({ ok: true });
      await expect(get('/v2/devicedata-clean/404/x')).rejects.toThrow('Device not found');
      expect(seen).toEqual(['Bearer nly_secret', 'Bearer nly_secret']);
    } finally {
      http.close();
    }
  });
});
