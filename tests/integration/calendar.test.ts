import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarPath, HolidayDays } from '../../contracts/calendar.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll, type World, type WorldUser } from '../helpers/world.ts';

/**
 * The calendar services (spec §7, docs/calendar.md): public holidays of the
 * caller's organisation's country, and the birthdays of the people the
 * caller may see, for the years asked.
 */
describe('calendar', () => {
  let t: TestApp;
  let world: World;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];
  let inactive: string;

  const get = (who: WorldUser, url: string) => as(who, 'GET', url);
  const holidays = calendarPath('holidays', 2025, 2027, 'da');
  const annual = calendarPath('annual', 2026, 2028, 'en');
  const birthdaysOf = async (who: WorldUser) => {
    const res = await get(who, annual);
    expect(res.statusCode).toBe(200);
    return res.json<HolidayDays>();
  };
  const peopleIn = (days: HolidayDays) => [...new Set(days.map((day) => day.userId))].sort();

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
    ({ as } = await signInAll(t.app));
    const db = t.database.db;
    // The world's organisations keep their country as the name 'Denmark'; Beta is German,
    // and the platform has none.
    await db
      .updateTable('organisations')
      .set({ country: 'DE' })
      .where('uuid', '=', world.orgs.beta)
      .execute();
    await db
      .updateTable('organisations')
      .set({ country: null })
      .where('uuid', '=', world.orgs.platform)
      .execute();
    // Birthdays: userA gives their own through the API, managerA sets one for Alpha North's user.
    expect(
      (
        await as('userA', 'PUT', `/api/entity/user/${world.users.userA}`, {
          birthday: '1988-02-29',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await as('managerA', 'PUT', `/api/entity/user/${world.users.userA1}`, {
          birthday: '1990-06-14',
        })
      ).statusCode,
    ).toBe(200);
    await db
      .updateTable('users')
      .set({ birthday: '1975-09-01' })
      .where('uuid', '=', world.users.userB)
      .execute();
    // A former colleague in Alpha, no longer active, keeps a birthday no one is shown.
    inactive = (
      await db
        .insertInto('users')
        .values({
          email: 'former@world.test',
          username: 'former@world.test',
          org_uuid: world.orgs.alpha,
          group_id: 3,
          first_name: 'Former',
          last_name: 'Colleague',
          birthday: '1980-03-03',
          active: false,
        })
        .returning('uuid')
        .executeTakeFirstOrThrow()
    ).uuid;
  });

  afterAll(async () => {
    await t.close();
  });

  describe('holidays', () => {
    it("answers the public holidays of last, this and next year in the organisation's country", async () => {
      const res = await get('userA', holidays);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
      expect(res.headers.vary).toBe('Cookie, Authorization');
      const days = res.json<HolidayDays>();
      expect(Value.Check(HolidayDays, days)).toBe(true);
      expect(new Set(days.map((day) => day.date.slice(0, 4)))).toEqual(
        new Set(['2025', '2026', '2027']),
      );
      expect(days.every((day) => !day.birthday)).toBe(true);
      expect(days).toContainEqual({ date: '2026-12-25', name: 'Juledag', birthday: false });
      expect(days).toContainEqual({ date: '2026-04-06', name: 'Anden påskedag', birthday: false });
      expect(days).toContainEqual({ date: '2026-12-24', name: 'Juleaftensdag', birthday: false });
      expect(days).toContainEqual({ date: '2027-12-31', name: 'Nytårsaftensdag', birthday: false });
      expect(days.map((day) => day.date)).not.toContain('2026-06-05');
      const dates = days.map((day) => day.date);
      expect(dates).toEqual([...dates].sort());
    });

    it('names them in the language asked', async () => {
      const res = await get('userA', calendarPath('holidays', 2026, 2026, 'en'));
      expect(res.json<HolidayDays>()).toContainEqual({
        date: '2026-12-25',
        name: 'Christmas Day',
        birthday: false,
      });
    });

    it("follows the caller's organisation, Denmark's when it has no country", async () => {
      const url = calendarPath('holidays', 2026, 2026, 'en');
      const german = (await get('userB', url)).json<HolidayDays>().map((day) => day.date);
      expect(german).toContain('2026-10-03');
      expect(german).not.toContain('2026-04-02');
      const platform = (await get('super', url)).json<HolidayDays>();
      expect(platform).toEqual((await get('userA', url)).json<HolidayDays>());
      expect(platform.map((day) => day.date)).toContain('2026-04-02');
    });
  });

  describe('birthdays', () => {
    it('shows a colleague’s birthday in each year, on 28 February outside leap years', async () => {
      const res = await get('managerA', annual);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const days = res.json<HolidayDays>();
      expect(Value.Check(HolidayDays, days)).toBe(true);
      const arne = { name: 'Arne Test', birthday: true, userId: world.users.userA };
      expect(days.filter((day) => day.userId === world.users.userA)).toEqual([
        { date: '2026-02-28', ...arne },
        { date: '2027-02-28', ...arne },
        { date: '2028-02-29', ...arne },
      ]);
      const dates = days.map((day) => day.date);
      expect(dates).toEqual([...dates].sort());
    });

    it('shows exactly the people the caller may list, active ones with a birthday', async () => {
      const { userA, userA1, userB } = world.users;
      expect(peopleIn(await birthdaysOf('super'))).toEqual([userA, userA1, userB].sort());
      expect(peopleIn(await birthdaysOf('managerA'))).toEqual([userA, userA1].sort());
      expect(peopleIn(await birthdaysOf('userA'))).toEqual([userA]);
      expect(peopleIn(await birthdaysOf('userA1'))).toEqual([userA1]);
      expect(peopleIn(await birthdaysOf('userB'))).toEqual([userB]);
      expect(peopleIn(await birthdaysOf('managerB'))).toEqual([userB]);
      expect(peopleIn(await birthdaysOf('super'))).not.toContain(inactive);
    });
  });

  describe('refusals', () => {
    it.each(['holidays', 'annual'] as const)('%s: 401 without a session', async (service) => {
      const res = await t.app.inject({
        method: 'GET',
        url: calendarPath(service, 2025, 2027, 'da'),
      });
      expect(res.statusCode).toBe(401);
    });

    it.each(['holidays', 'annual'] as const)(
      '%s: 400 for a path that is not whole years, or too many, or backwards',
      async (service) => {
        const cases: [string, RegExp][] = [
          ['2026-01-02/2027-12-31/da', /from/],
          ['2026-01-01/2027-12-30/da', /to/],
          ['2020-01-01/2026-12-31/da', /at most 5 years/],
          ['2027-01-01/2026-12-31/da', /ends \(2026\) before it starts \(2027\)/],
          ['2026-01-01/2027-12-31/fr', /language/],
          ['0050-01-01/0050-12-31/da', /1000/],
        ];
        for (const [path, message] of cases) {
          const res = await get('userA', `/api/v2/${service}/${path}`);
          expect([path, res.statusCode]).toEqual([path, 400]);
          expect(res.json<{ message: string }>().message).toMatch(message);
        }
        expect((await get('userA', `/api/v2/${service}/2026-01-01/2030-12-31/da`)).statusCode).toBe(
          200,
        );
      },
    );
  });
});
