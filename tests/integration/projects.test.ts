import { randomUUID } from 'node:crypto';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import type { PageOf } from '../../contracts/list.ts';
import { Project, PROJECT_DATES_MESSAGE } from '../../contracts/project.ts';
import { useWorldApp } from '../helpers/world-app.ts';

/** Projects (spec §3 Project, §5): made, read, changed, moved and removed through the API. */
describe('projects', () => {
  const t = useWorldApp();
  const { as } = t;
  const unique = () => randomUUID().slice(0, 8);
  const db = () => t.database.db;

  async function make(title = `Byliv ${unique()}`, extra: object = {}) {
    const res = await as('managerA', 'POST', '/api/v2/project', {
      title,
      startDate: '2026-05-01',
      endDate: '2026-08-31',
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    return res.json<Project>();
  }

  it('creates a project with its contact, reads it back and lists it', async () => {
    const title = `Strøget tælling ${unique()}`;
    const made = await make(title, {
      description: 'Fodgængere i sommerferien',
      contact: {
        firstName: 'Anna',
        lastName: 'Holm',
        email: 'anna@byliv.test',
        phone: '+45 20 30 40 50',
      },
    });
    expect(Value.Check(Project, made)).toBe(true);
    expect(made).toMatchObject({
      title,
      description: 'Fodgængere i sommerferien',
      startDate: '2026-05-01',
      endDate: '2026-08-31',
      contact: {
        firstName: 'Anna',
        lastName: 'Holm',
        email: 'anna@byliv.test',
        phone: '+45 20 30 40 50',
      },
      org: { uuid: t.world.orgs.alpha, name: 'Alpha' },
      deviceCount: 0,
      collectionCount: 0,
    });
    const read = await as('userA', 'GET', `/api/v2/project/${made.id}`);
    expect(read.json()).toEqual(made);
    const listed = await as(
      'userA',
      'GET',
      `/api/v2/projects?search=${encodeURIComponent('strøget')}`,
    );
    expect(listed.json<PageOf<Project>>().items.map((p) => p.id)).toContain(made.id);
  });

  it('refuses a start day after the end day with the spec’s text, on create and on update', async () => {
    const refused = await as('managerA', 'POST', '/api/v2/project', {
      title: `Omvendt ${unique()}`,
      startDate: '2026-09-01',
      endDate: '2026-08-31',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: PROJECT_DATES_MESSAGE });
    expect(PROJECT_DATES_MESSAGE).toBe('Start date can not be later than End date!');

    const made = await make();
    // One day moved alone is checked against the other as stored.
    const update = await as('managerA', 'PUT', '/api/v2/project', {
      id: made.id,
      startDate: '2026-09-01',
    });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ message: PROJECT_DATES_MESSAGE });
    const kept = await as('managerA', 'GET', `/api/v2/project/${made.id}`);
    expect(kept.json<Project>().startDate).toBe('2026-05-01');
    // A project of one day is a project.
    const oneDay = await as('managerA', 'PUT', '/api/v2/project', {
      id: made.id,
      startDate: '2026-08-31',
    });
    expect(oneDay.statusCode).toBe(200);
  });

  it('changes only the contact fields given, and takes a project back as it was read', async () => {
    const made = await make(undefined, {
      contact: { firstName: 'Bo', lastName: 'Dam', email: 'bo@byliv.test', phone: '12345678' },
    });
    const changed = await as('managerA', 'PUT', '/api/v2/project', {
      id: made.id,
      contact: { phone: '87654321', email: null },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Project>().contact).toEqual({
      firstName: 'Bo',
      lastName: 'Dam',
      email: null,
      phone: '87654321',
    });
    // The whole project as read, sent back with a new title: what only the server sets is ignored.
    const roundTrip = await as('managerA', 'PUT', '/api/v2/project', {
      ...changed.json<Project>(),
      title: 'Renamed',
    });
    expect(roundTrip.statusCode).toBe(200);
    expect(roundTrip.json<Project>()).toMatchObject({
      title: 'Renamed',
      contact: { phone: '87654321' },
    });
  });

  it('lists the projects running on a day, sorted by start day', async () => {
    const tag = unique();
    const spring = await make(`Forår ${tag}`, { startDate: '2026-03-01', endDate: '2026-05-31' });
    const summer = await make(`Sommer ${tag}`, { startDate: '2026-05-15', endDate: '2026-08-31' });
    await make(`Vinter ${tag}`, { startDate: '2026-12-01', endDate: '2026-12-31' });
    const res = await as(
      'managerA',
      'GET',
      `/api/v2/projects?search=${tag}&activeOn=2026-05-20&sort=-startDate`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<PageOf<Project>>()).toMatchObject({
      items: [{ id: summer.id }, { id: spring.id }],
      total: 2,
    });
  });

  it('counts its devices and collections, and leaves them without a project when deleted', async () => {
    const made = await make();
    const device = t.world.alphaThings.device.id;
    await db()
      .updateTable('devices')
      .set({ project_id: made.id })
      .where('id', '=', device)
      .execute();
    const collection = await db()
      .insertInto('data_collections')
      .values({ name: `Samling ${unique()}`, org_uuid: t.world.orgs.alpha, project_id: made.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await as('userA', 'GET', `/api/v2/project/${made.id}`)).json()).toMatchObject({
      deviceCount: 1,
      collectionCount: 1,
    });
    const favourites = async () =>
      (await as('managerA', 'GET', '/api/auth/user')).json<{
        internal: { favourites?: { id: number; type: string }[] };
      }>().internal.favourites ?? [];
    const marked = await as(
      'managerA',
      'PUT',
      `/api/entity/user/${t.world.users.managerA}/internal`,
      {
        favourites: [{ id: made.id, type: 'project', name: made.title }],
      },
    );
    expect(marked.statusCode).toBe(200);
    expect(await favourites()).toContainEqual(
      expect.objectContaining({ id: made.id, type: 'project' }),
    );

    const removed = await as('managerA', 'DELETE', `/api/v2/project/${made.id}`);
    expect(removed.json()).toEqual({ ok: true });
    expect((await as('managerA', 'GET', `/api/v2/project/${made.id}`)).statusCode).toBe(404);
    const kept = await db()
      .selectFrom('devices')
      .select('project_id')
      .where('id', '=', device)
      .executeTakeFirstOrThrow();
    expect(kept.project_id).toBeNull();
    const keptCollection = await db()
      .selectFrom('data_collections')
      .select('project_id')
      .where('id', '=', collection.id)
      .executeTakeFirstOrThrow();
    expect(keptCollection.project_id).toBeNull();
    expect(await favourites()).not.toContainEqual(
      expect.objectContaining({ id: made.id, type: 'project' }),
    );
    await db().deleteFrom('data_collections').where('id', '=', collection.id).execute();
  });

  it('moves to a sub-organisation, but not away from its devices', async () => {
    const made = await make();
    const moved = await as('managerA', 'PUT', '/api/v2/project', {
      id: made.id,
      orgUuid: t.world.orgs.alphaNorth,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Project>().org.uuid).toBe(t.world.orgs.alphaNorth);

    const held = await make();
    const device = t.world.alphaThings.device.id;
    await db()
      .updateTable('devices')
      .set({ project_id: held.id })
      .where('id', '=', device)
      .execute();
    try {
      const refused = await as('managerA', 'PUT', '/api/v2/project', {
        id: held.id,
        orgUuid: t.world.orgs.alphaNorth,
      });
      expect(refused.statusCode).toBe(409);
      expect(
        (await as('managerA', 'GET', `/api/v2/project/${held.id}`)).json<Project>().org.uuid,
      ).toBe(t.world.orgs.alpha);
    } finally {
      await db()
        .updateTable('devices')
        .set({ project_id: null })
        .where('id', '=', device)
        .execute();
    }
  });

  it('lets a user see their organisation’s projects but not make, change or remove one (403)', async () => {
    const made = await make();
    expect((await as('userA', 'GET', `/api/v2/project/${made.id}`)).statusCode).toBe(200);
    const create = await as('userA', 'POST', '/api/v2/project', {
      title: 'Not allowed',
      startDate: '2026-01-01',
      endDate: '2026-01-02',
    });
    expect(create.statusCode).toBe(403);
    expect(
      (await as('userA', 'PUT', '/api/v2/project', { id: made.id, title: 'X' })).statusCode,
    ).toBe(403);
    expect((await as('userA', 'DELETE', `/api/v2/project/${made.id}`)).statusCode).toBe(403);
    expect((await as('userA', 'GET', `/api/v2/project/${made.id}`)).json<Project>().title).toBe(
      made.title,
    );
  });
});
