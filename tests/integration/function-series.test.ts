import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertPoints, series } from '../helpers/device-data.ts';
import { seedWorld, signInAll, type World, type WorldUser } from '../helpers/world.ts';

interface History {
  key: string;
  timeZone: string;
  from: string;
  to: string;
  bucketSeconds: number | null;
  points: { time: string; end: string; value: number | null; count: number }[];
}

/**
 * GET /api/v2/devicedata-function: a graph source read through a cloud
 * function. The function runs in the sandbox on the device's history and
 * what it returns is what the graph draws; bad output, failures and other
 * organisations' devices or functions get clear answers.
 */
describe('device data through a cloud function', () => {
  let t: TestApp;
  let world: World;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];
  let device: number;
  const from = '2024-05-01 00:00:00';
  const to = '2024-05-01 05:59:59';

  const fn = async (
    code: string,
    options: { dataType?: 'timeseries' | 'average'; org?: string; keys?: string[] } = {},
  ) =>
    (
      await t.database.db
        .insertInto('cloud_functions')
        .values({
          name: 'Graph function',
          type: 'function',
          org_uuid: options.org ?? world.orgs.alpha,
          code,
          data_type: options.dataType ?? 'timeseries',
          data_keys: JSON.stringify((options.keys ?? []).map((key) => ({ key }))),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const url = (functionId: number, query = '?granularity=1', onDevice = device) =>
    `/api/v2/devicedata-function/${onDevice}/${functionId}/${encodeURIComponent(from)}/${encodeURIComponent(to)}/temperature${query}`;
  const read = async (who: WorldUser, path: string) => {
    const res = await as(who, 'GET', path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<History>();
  };

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
    ({ as } = await signInAll(t.app));
    device = world.alphaThings.device.id;
    // Europe/Copenhagen is UTC+2 in May: local 00:00–06:00 is 22:00–04:00 UTC.
    await insertPoints(t.database.db, device, [
      ...series('temperature', '2024-04-30T22:00:00Z', '2024-05-01T03:59:00Z', 60, (time) =>
        time.getUTCHours() === 22 ? 10 : 20,
      ),
      ...series('humidity', '2024-04-30T22:00:00Z', '2024-05-01T03:59:00Z', 60, () => 50),
    ]);
  });

  afterAll(async () => {
    await t.close();
  });

  it('draws what a time series function makes of the hourly buckets', async () => {
    const id = await fn(`function main(input) {
      return input.points.map((p) => ({ time: p.time, value: p.avg * 9 / 5 + 32 }));
    }`);
    const h = await read('userA', url(id));
    expect(h).toMatchObject({
      key: 'temperature',
      timeZone: 'Europe/Copenhagen',
      bucketSeconds: 3600,
    });
    expect(h.points.map((p) => p.value)).toEqual([50, 68, 68, 68, 68, 68]);
    expect(h.points[0]).toMatchObject({
      time: '2024-04-30T22:00:00.000Z',
      end: '2024-04-30T23:00:00.000Z',
      count: 1,
    });
    // The same times read as UTC (a sliding window before the zone is known): two hours later.
    const utc = await read('userA', url(id, '?granularity=1&timeZone=UTC'));
    expect(utc.from).toBe('2024-05-01T00:00:00.000Z');
    expect(utc.points.map((p) => [p.time, p.value])).toEqual([
      ['2024-05-01T00:00:00.000Z', 68],
      ['2024-05-01T01:00:00.000Z', 68],
      ['2024-05-01T02:00:00.000Z', 68],
      ['2024-05-01T03:00:00.000Z', 68],
    ]);
  });

  it('gives the function its own data keys and takes [time, value] pairs', async () => {
    const id = await fn(
      `function main(input) {
        const humidity = input.series.humidity;
        return input.points.map((p, i) => [Date.parse(p.time), p.avg + humidity[i].avg]);
      }`,
      { keys: ['humidity'] },
    );
    const h = await read('userA', url(id));
    expect(h.points.map((p) => p.value)).toEqual([60, 70, 70, 70, 70, 70]);
  });

  it('draws an average function as one value over the range', async () => {
    const id = await fn(
      `function main(input) {
        const points = input.points.filter((p) => p.count > 0);
        return points.reduce((sum, p) => sum + p.avg, 0) / points.length;
      }`,
      { dataType: 'average' },
    );
    const h = await read('userA', url(id, '?granularity=3'));
    const plain = await read(
      'userA',
      `/api/v2/devicedata-clean/${device}/${encodeURIComponent(from)}/${encodeURIComponent(to)}/temperature?granularity=3`,
    );
    // One summary bucket of 60 values of 10 and the rest 20: the average lies between.
    const average = plain.points[0]?.value ?? NaN;
    expect(average).toBeGreaterThan(18);
    expect(average).toBeLessThan(19);
    expect(h.points).toHaveLength(1);
    expect(h.points[0]?.value).toBeCloseTo(average, 9);
    expect(h.points[0]).toMatchObject({ time: h.from, end: h.to });
  });

  it('says why output cannot be drawn and when the function fails', async () => {
    const bad = await fn(`function main() { return [{ time: 'soon', value: 1 }]; }`);
    const answer = await as('userA', 'GET', url(bad));
    expect(answer.statusCode).toBe(422);
    expect(answer.json<{ message: string }>().message).toMatch(/Point 1: "time" must be/);

    const thrown = await fn(`function main() { throw new Error('no calibration'); }`);
    const failed = await as('userA', 'GET', url(thrown));
    expect(failed.statusCode).toBe(422);
    expect(failed.json<{ message: string }>().message).toMatch(/failed: .*no calibration/);
  });

  it('keeps other organisations out', async () => {
    const ours = await fn(`function main(input) { return input.points.map((p) => [p.time, 1]); }`);
    const theirs = await fn(`function main() { return []; }`, { org: world.orgs.beta });
    // Another organisation's function on our device, our function on their device.
    expect((await as('userA', 'GET', url(theirs))).statusCode).toBe(404);
    expect((await as('userB', 'GET', url(ours))).statusCode).toBe(404);
    expect(
      (await as('userB', 'GET', url(theirs, '?granularity=1', world.alphaThings.device.id)))
        .statusCode,
    ).toBe(404);
    expect(
      (await as('userA', 'GET', url(ours, '?granularity=1', world.betaThings.device.id)))
        .statusCode,
    ).toBe(404);
  });
});
