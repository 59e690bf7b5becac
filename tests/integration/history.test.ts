import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertPoints, series } from '../helpers/device-data.ts';
import { seedWorld, signInAll, type World, type WorldUser } from '../helpers/world.ts';

interface Point {
  time: string;
  end: string;
  value: number | null;
  min: number | null;
  max: number | null;
  avg: number | null;
  sum: number | null;
  count: number;
  firstTime: string;
  lastTime: string;
  textValue: string | null;
}
interface History {
  deviceId: number;
  key: string;
  timeZone: string;
  from: string;
  to: string;
  granularity: string;
  bucketSeconds: number | null;
  stat: string;
  truncated: boolean;
  points: Point[];
}

/**
 * GET /api/v2/devicedata-clean: buckets in the organisation's time zone
 * (Europe/Copenhagen, with its DST days), the points limit keeping peaks,
 * raw points, time validation and tenancy.
 */
describe('device data history', () => {
  let t: TestApp;
  let world: World;
  let as: (who: WorldUser, method: 'GET', url: string) => Promise<LightMyRequestResponse>;
  let tokens: Record<WorldUser, string>;
  let device: number;

  const url = (from: string, to: string, key = 'temperature', query = '') =>
    `/api/v2/devicedata-clean/${device}/${encodeURIComponent(from)}/${encodeURIComponent(to)}/${key}${query}`;
  const get = async (who: WorldUser, path: string) => {
    const res = await as(who, 'GET', path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<History>();
  };
  const times = (h: History) => h.points.map((p) => p.time);
  const total = (h: History) => h.points.reduce((n, p) => n + p.count, 0);

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
    ({ as, tokens } = await signInAll(t.app));
    device = world.alphaThings.device.id;
    // Minutely values around both DST changes of 2024 in Copenhagen (31 March, 27 October),
    // each over three local days; value = minute of the hour, one spike on 27 October.
    const spike = '2024-10-27T13:17:00.000Z';
    const value = (time: Date) => (time.toISOString() === spike ? 1000 : time.getUTCMinutes());
    await insertPoints(t.database.db, device, [
      ...series('temperature', '2024-03-29T23:00:00Z', '2024-04-01T22:00:00Z', 60, value),
      ...series('temperature', '2024-10-25T22:00:00Z', '2024-10-28T23:00:00Z', 60, value),
      { key: 'note', time: '2024-03-30T10:00:00Z', value: null, textValue: 'door open' },
      { key: 'note', time: '2024-03-30T10:05:00Z', value: 3, textValue: null },
    ]);
  });

  afterAll(async () => {
    await t.close();
  });

  it('cuts the spring-forward day into 23 hourly buckets', async () => {
    const h = await get(
      'userA',
      url('2024-03-31 00:00:00', '2024-03-31 23:59:59', 'temperature', '?granularity=1'),
    );
    expect(h).toMatchObject({
      deviceId: device,
      key: 'temperature',
      timeZone: 'Europe/Copenhagen',
      from: '2024-03-30T23:00:00.000Z',
      to: '2024-03-31T22:00:00.000Z',
      granularity: 'hourly',
      bucketSeconds: 3600,
      stat: 'avg',
    });
    expect(h.points).toHaveLength(23);
    expect(h.points[0]).toMatchObject({
      time: '2024-03-30T23:00:00.000Z',
      end: '2024-03-31T00:00:00.000Z',
      count: 60,
      min: 0,
      max: 59,
      avg: 29.5,
      value: 29.5,
      sum: 1770,
      firstTime: '2024-03-30T23:00:00.000Z',
      lastTime: '2024-03-30T23:59:00.000Z',
      textValue: null,
    });
    expect(h.points.every((p) => p.count === 60)).toBe(true);
    expect(h.points.at(-1)?.time).toBe('2024-03-31T21:00:00.000Z');
  });

  it('cuts the fall-back day into 25 hourly buckets', async () => {
    const h = await get(
      'userA',
      url('2024-10-27 00:00:00', '2024-10-27 23:59:59', 'temperature', '?granularity=1'),
    );
    expect(h.points).toHaveLength(25);
    expect(total(h)).toBe(25 * 60);
    expect(h.points[0]?.time).toBe('2024-10-26T22:00:00.000Z');
    expect(h.points.at(-1)?.time).toBe('2024-10-27T22:00:00.000Z');
    expect(h.to).toBe('2024-10-27T23:00:00.000Z');
  });

  it('starts daily buckets at local midnight, 23 and 25 hours long on DST days', async () => {
    const spring = await get(
      'userA',
      url('2024-03-30 00:00:00', '2024-04-01 23:59:59', 'temperature', '?granularity=2'),
    );
    expect(spring.granularity).toBe('daily');
    expect(spring.points.map((p) => [p.time, p.end, p.count])).toEqual([
      ['2024-03-29T23:00:00.000Z', '2024-03-30T23:00:00.000Z', 1440],
      ['2024-03-30T23:00:00.000Z', '2024-03-31T22:00:00.000Z', 1380],
      ['2024-03-31T22:00:00.000Z', '2024-04-01T22:00:00.000Z', 1440],
    ]);
    const autumn = await get('userA', url('2024-10-26 00:00:00', '2024-10-28 23:59:59'));
    expect(autumn.granularity).toBe('daily');
    expect(autumn.points.map((p) => [p.time, p.count])).toEqual([
      ['2024-10-25T22:00:00.000Z', 1440],
      ['2024-10-26T22:00:00.000Z', 1500],
      ['2024-10-27T23:00:00.000Z', 1440],
    ]);
  });

  it('keeps partial hours at the edges of a range that is not aligned', async () => {
    const h = await get(
      'userA',
      url('2024-03-30 10:30:00', '2024-03-30 12:29:59', 'temperature', '?granularity=1'),
    );
    expect(h.points.map((p) => [p.time, p.count, p.min, p.max])).toEqual([
      ['2024-03-30T09:00:00.000Z', 30, 30, 59],
      ['2024-03-30T10:00:00.000Z', 60, 0, 59],
      ['2024-03-30T11:00:00.000Z', 30, 0, 29],
    ]);
  });

  it('gives minutely buckets, skipping the minutes that do not exist', async () => {
    const h = await get('userA', url('2024-03-31 01:58:00', '2024-03-31 03:01:59'));
    expect(h.granularity).toBe('minutely');
    expect(h.bucketSeconds).toBe(60);
    expect(times(h)).toEqual([
      '2024-03-31T00:58:00.000Z',
      '2024-03-31T00:59:00.000Z',
      '2024-03-31T01:00:00.000Z',
      '2024-03-31T01:01:00.000Z',
    ]);
    expect(h.points.map((p) => p.value)).toEqual([58, 59, 0, 1]);
  });

  it('sums a whole day into one summary bucket', async () => {
    const h = await get(
      'userA',
      url('2024-03-31 00:00:00', '2024-03-31 23:59:59', 'temperature', '?granularity=3'),
    );
    expect(h.granularity).toBe('summary');
    expect(h.bucketSeconds).toBeNull();
    expect(h.points).toHaveLength(1);
    expect(h.points[0]).toMatchObject({
      time: '2024-03-30T23:00:00.000Z',
      end: '2024-03-31T22:00:00.000Z',
      count: 1380,
      min: 0,
      max: 59,
      sum: 23 * 1770,
    });
  });

  it('fits at most `points` buckets and keeps the peak in max', async () => {
    const h = await get(
      'userA',
      url('2024-10-27 00:00:00', '2024-10-27 23:59:59', 'temperature', '?points=10'),
    );
    expect(h.granularity).toBe('auto');
    expect(h.points.length).toBeGreaterThan(1);
    expect(h.points.length).toBeLessThanOrEqual(10);
    expect(total(h)).toBe(1500);
    const peak = h.points.find((p) => p.max === 1000);
    expect(peak).toBeDefined();
    expect(peak?.min).toBe(0);
    expect(peak?.avg).toBeLessThan(100);
    for (const n of [2, 3, 7, 24, 25, 100]) {
      const limited = await get(
        'userA',
        url('2024-10-26 00:00:00', '2024-10-28 23:59:59', 'temperature', `?points=${n}`),
      );
      expect(limited.points.length).toBeLessThanOrEqual(n);
      expect(total(limited)).toBe(1440 + 1500 + 1440);
    }
    const one = await get(
      'userA',
      url('2024-10-27 00:00:00', '2024-10-27 23:59:59', 'temperature', '?points=1'),
    );
    expect(one.points).toHaveLength(1);
    expect(one.points[0]?.max).toBe(1000);
    const daily = await get(
      'userA',
      url('2024-10-26 00:00:00', '2024-10-28 23:59:59', 'temperature', '?points=100&granularity=2'),
    );
    expect(daily.bucketSeconds).toBe(86_400);
    expect(daily.points).toHaveLength(3);
  });

  it('answers the statistic named by dataField as value in the key form', async () => {
    const path = (stat: string) =>
      `/api/v2/devicedata-clean/${device}/temperature/${encodeURIComponent('2024-03-30 00:00:00')}/${encodeURIComponent('2024-03-30 00:59:59')}/${stat}?granularity=1`;
    const sum = await get('userA', path('sum'));
    expect(sum.stat).toBe('sum');
    expect(sum.points.map((p) => p.value)).toEqual([1770]);
    const max = await get('userA', path('max'));
    expect(max.points.map((p) => p.value)).toEqual([59]);
    const count = await get('userA', path('count'));
    expect(count.points.map((p) => p.value)).toEqual([60]);
    expect((await as('userA', 'GET', path('median'))).statusCode).toBe(400);
  });

  it('answers raw points with text values, oldest first', async () => {
    const h = await get(
      'userA',
      url('2024-03-30 11:00:00', '2024-03-30 11:59:59', 'note', '?raw=true'),
    );
    expect(h.granularity).toBe('raw');
    expect(h.truncated).toBe(false);
    expect(h.points.map((p) => [p.time, p.value, p.textValue])).toEqual([
      ['2024-03-30T10:00:00.000Z', null, 'door open'],
      ['2024-03-30T10:05:00.000Z', 3, null],
    ]);
    const buckets = await get('userA', url('2024-03-30 11:00:00', '2024-03-30 11:59:59', 'note'));
    expect(buckets.points.map((p) => p.count)).toEqual([1]);
    const nothing = await get('userA', url('2024-05-01 00:00:00', '2024-05-01 23:59:59'));
    expect(nothing.points).toEqual([]);
  });

  it('reads a range given in another zone (timeZone=UTC), with days still the organisation’s', async () => {
    // 10:00–10:59:59 UTC is 11:00–11:59:59 in Copenhagen on 30 March 2024.
    const utc = await get(
      'userA',
      url('2024-03-30 10:00:00', '2024-03-30 10:59:59', 'note', '?raw=true&timeZone=UTC'),
    );
    const local = await get(
      'userA',
      url('2024-03-30 11:00:00', '2024-03-30 11:59:59', 'note', '?raw=true'),
    );
    expect(utc.from).toBe('2024-03-30T10:00:00.000Z');
    expect(utc.points).toEqual(local.points);
    expect(utc.points).toHaveLength(2);
    // The answer names the organisation's zone, and daily buckets start at its midnight.
    expect(utc.timeZone).toBe('Europe/Copenhagen');
    const daily = await get(
      'userA',
      url(
        '2024-03-30 06:00:00',
        '2024-03-31 05:59:59',
        'temperature',
        '?granularity=2&timeZone=UTC',
      ),
    );
    expect(daily.points.map((p) => p.time)).toEqual([
      '2024-03-29T23:00:00.000Z',
      '2024-03-30T23:00:00.000Z',
    ]);
    const status = async (zone: string) =>
      (
        await as(
          'userA',
          'GET',
          url('2024-03-30 10:00:00', '2024-03-30 10:59:59', 'note', `?timeZone=${zone}`),
        )
      ).statusCode;
    expect(await status('Mars%2FOlympus')).toBe(400);
    expect(await status('UTC%27%3B')).toBe(400);
    expect(await status('Europe%2FCopenhagen')).toBe(200);
  });

  it('buckets in a time zone half an hour off UTC from the raw rows', async () => {
    await t.database.db
      .updateTable('organisations')
      .set({ time_zone: 'Asia/Kolkata' })
      .where('uuid', '=', world.orgs.alphaNorth)
      .execute();
    const other = world.alphaNorthThings.device.id;
    await insertPoints(
      t.database.db,
      other,
      series('level', '2024-03-29T18:30:00Z', '2024-03-31T18:30:00Z', 600, () => 2),
    );
    const path = `/api/v2/devicedata-clean/${other}/${encodeURIComponent('2024-03-30 00:00:00')}/${encodeURIComponent('2024-03-31 23:59:59')}/level`;
    const daily = await get('managerA', `${path}?granularity=2`);
    expect(daily.timeZone).toBe('Asia/Kolkata');
    expect(daily.points.map((p) => [p.time, p.count, p.sum])).toEqual([
      ['2024-03-29T18:30:00.000Z', 144, 288],
      ['2024-03-30T18:30:00.000Z', 144, 288],
    ]);
    const hourly = await get('managerA', `${path}?granularity=1`);
    expect(hourly.points).toHaveLength(48);
    expect(hourly.points[0]?.time).toBe('2024-03-29T18:30:00.000Z');
    expect(hourly.points.every((p) => p.count === 6)).toBe(true);
  });

  it('refuses malformed and impossible times with 400', async () => {
    const status = async (path: string) => (await as('userA', 'GET', path)).statusCode;
    expect(await status(url('2024-03-31', '2024-03-31 23:59:59'))).toBe(400);
    expect(await status(url('2024-02-30 00:00:00', '2024-03-31 23:59:59'))).toBe(400);
    expect(await status(url('2024-03-31 24:00:00', '2024-03-31 23:59:59'))).toBe(400);
    expect(await status(url('2024-03-31 00:00:00', '2024-03-30 23:59:59'))).toBe(400);
    expect(await status(url('2024-03-31 00:00:00', 'tomorrow'))).toBe(400);
    expect(await status(url('2024-03-31 00:00:00', '2024-03-31 23:59:59', 'bad key!'))).toBe(400);
    expect(
      await status(
        url('2024-03-31 00:00:00', '2024-03-31 23:59:59', 'temperature', '?granularity=4'),
      ),
    ).toBe(400);
    expect(
      await status(url('2024-03-31 00:00:00', '2024-03-31 23:59:59', 'temperature', '?points=0')),
    ).toBe(400);
    expect(
      await status(url('2024-03-31 00:00:00', '2024-03-31 23:59:59', 'temperature', '?other=1')),
    ).toBe(400);
    expect(await status(url('2024-03-31 00:00:00', '2024-03-31 23:59:59', 'temp%00'))).toBe(400);
    expect(await status(url('2024-03-31 00:00:00%00', '2024-03-31 23:59:59'))).toBe(400);
    const huge = url('2024-03-31 00:00:00', '2024-03-31 23:59:59').replace(
      `/devicedata-clean/${device}/`,
      '/devicedata-clean/99999999999999999999/',
    );
    expect(await status(huge)).toBe(400);
    const tooMany = await as(
      'userA',
      'GET',
      url('2000-01-01 00:00:00', '2024-01-01 00:00:00', 'temperature', '?granularity=0'),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toMatch(/buckets/);
  });

  it('answers 404 for devices outside the caller’s organisations, and 401 without a caller', async () => {
    const range = url('2024-03-31 00:00:00', '2024-03-31 23:59:59');
    expect((await as('userB', 'GET', range)).statusCode).toBe(404);
    expect((await as('userA1', 'GET', range)).statusCode).toBe(404);
    expect((await as('managerB', 'GET', range)).statusCode).toBe(404);
    expect((await as('managerA', 'GET', range)).statusCode).toBe(200);
    expect((await as('super', 'GET', range)).statusCode).toBe(200);
    const missing = range.replace(`/devicedata-clean/${device}/`, '/devicedata-clean/999999/');
    expect((await as('super', 'GET', missing)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: range })).statusCode).toBe(401);
  });

  it('lets a device token read its own device only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generateToken',
      headers: { authorization: `Bearer ${tokens.managerA}` },
      payload: { label: 'sensor', type: 'device', reference: device },
    });
    expect(res.statusCode, res.body).toBe(201);
    const token = res.json<{ token: string }>().token;
    const read = (path: string) =>
      t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    const own = url('2024-03-31 00:00:00', '2024-03-31 23:59:59');
    expect((await read(own)).statusCode).toBe(200);
    const sibling = own.replace(
      `/devicedata-clean/${device}/`,
      `/devicedata-clean/${world.alphaNorthThings.device.id}/`,
    );
    expect((await read(sibling)).statusCode).toBe(404);
  });

  describe('in one batch (POST /api/v2/devicedata-batch)', () => {
    const batch = (requests: unknown, token: string | null = tokens.userA) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/devicedata-batch',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: { requests },
      });

    it('answers each read with the status and body its own GET has', async () => {
      const hourly = url(
        '2024-03-31 00:00:00',
        '2024-03-31 23:59:59',
        'temperature',
        '?granularity=1',
      );
      const raw = url('2024-03-30 10:00:00', '2024-03-30 10:10:00', 'temperature', '?raw=true');
      const backwards = url('2024-03-31 23:00:00', '2024-03-31 00:00:00');
      const res = await batch([
        { id: 'hourly', url: hourly },
        { id: 'raw', url: raw },
        { id: 'backwards', url: backwards },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const { responses } = res.json<{
        responses: { id: string; status: number; body: unknown }[];
      }>();
      const alone = await Promise.all(
        [hourly, raw, backwards].map((path) => as('userA', 'GET', path)),
      );
      expect(responses.map((r) => r.id)).toEqual(['hourly', 'raw', 'backwards']);
      responses.forEach((answer, index) => {
        expect(answer.status).toBe(alone[index]?.statusCode);
        expect(answer.body).toEqual(alone[index]?.json());
      });
      expect(responses[2]?.status).toBe(400);
    });

    it('takes only history reads, at most 50, from someone signed in', async () => {
      const read = { id: 'a', url: url('2024-03-31 00:00:00', '2024-03-31 23:59:59') };
      expect((await batch([read], null)).statusCode).toBe(401);
      expect((await batch([{ id: 'a', url: '/api/v2/devices' }])).statusCode).toBe(400);
      expect((await batch([])).statusCode).toBe(400);
      expect(
        (await batch(Array.from({ length: 51 }, (_, i) => ({ ...read, id: String(i) }))))
          .statusCode,
      ).toBe(400);
      // A path that climbs out of the history route is no history read.
      const escaped = await batch([{ id: 'up', url: '/api/v2/devicedata-clean/../../auth/user' }]);
      expect(escaped.statusCode).toBe(200);
      expect(escaped.json<{ responses: { status: number }[] }>().responses[0]?.status).toBe(400);
    });

    it('lends its caller only to its own reads: a request naming a lent caller itself is not signed in', async () => {
      const path = url('2024-03-31 00:00:00', '2024-03-31 23:59:59');
      for (const forged of ['', 'guess', 'x'.repeat(32)]) {
        const res = await t.app.inject({
          method: 'GET',
          url: path,
          headers: { 'x-nordlys-lent-actor': forged },
        });
        expect(res.statusCode, forged).toBe(401);
      }
      // With a caller of its own, the header changes nothing: a user of another organisation stays out.
      const other = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${tokens.userB}`, 'x-nordlys-lent-actor': 'guess' },
      });
      expect(other.statusCode).toBe(404);
    });
  });
});
