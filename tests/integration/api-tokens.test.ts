import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.ts';
import type { ApiToken, CreatedApiToken } from '../../contracts/token.ts';
import { useWorldApp } from '../helpers/world-app.ts';
import { emails, PASSWORD, signIn, type WorldUser } from '../helpers/world.ts';

const NOT_BY_TOKEN = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'API tokens are managed by signed-in users only',
};

describe('API tokens', () => {
  const t = useWorldApp();
  const { as } = t;

  /** A request that authenticates with an API token (or any bearer secret). */
  const withToken = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });

  async function create(
    who: WorldUser,
    payload: Record<string, unknown>,
  ): Promise<CreatedApiToken> {
    const res = await as(who, 'POST', '/api/generateToken', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedApiToken>();
  }

  async function list(who: WorldUser, orgUuid = t.world.orgs.alpha): Promise<ApiToken[]> {
    const res = await as(who, 'GET', `/api/tokens/${orgUuid}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ApiToken[]>();
  }

  it('gives the secret once, lists the token without it, and stores only a hash', async () => {
    const created = await create('managerA', { label: 'curl', type: 'general' });
    expect(created.token).toMatch(/^nly_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      label: 'curl',
      type: 'general',
      reference: null,
      orgUuid: t.world.orgs.alpha,
      createdBy: { uuid: t.world.users.managerA, name: 'Anna Test', email: emails.managerA },
      calls: 0,
      lastCall: null,
    });

    const listed = (await list('managerA')).find((row) => row.id === created.id);
    expect(listed).toBeDefined();
    expect(Object.keys(listed ?? {}).sort()).toEqual(
      [
        'calls',
        'created',
        'createdBy',
        'id',
        'label',
        'lastCall',
        'orgUuid',
        'reference',
        'referenceName',
        'type',
        'uuid',
      ].sort(),
    );
    expect(listed).toEqual({
      id: created.id,
      uuid: created.uuid,
      label: 'curl',
      type: 'general',
      reference: null,
      referenceName: null,
      orgUuid: t.world.orgs.alpha,
      created: created.created,
      createdBy: { uuid: t.world.users.managerA, name: 'Anna Test', email: emails.managerA },
      calls: 0,
      lastCall: null,
    });
    expect(Number.isNaN(Date.parse(created.created))).toBe(false);

    const row = await t.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const secretPart = created.token.slice('nly_'.length);
    for (const value of Object.values(row)) {
      const text = value instanceof Date ? value.toISOString() : String(value);
      expect(text).not.toContain(secretPart);
    }
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('acts for its creator as a bearer token and counts the calls', async () => {
    const created = await create('managerA', { label: 'counter', type: 'general' });

    const viaSession = await as('managerA', 'GET', '/api/entity/users');
    const sessionUuids = viaSession.json<{ uuid: string }[]>().map((u) => u.uuid);

    const first = await withToken(created.token, 'GET', '/api/entity/users');
    expect(first.statusCode).toBe(200);
    const users = first.json<{ uuid: string; email: string; org: { uuid: string } }[]>();
    const alphaScope = [t.world.orgs.alpha, t.world.orgs.alphaNorth];
    expect(users.every((u) => alphaScope.includes(u.org.uuid))).toBe(true);
    expect(users.map((u) => u.email)).toEqual(
      expect.arrayContaining([emails.managerA, emails.userA, emails.userA1]),
    );
    expect(users.map((u) => u.uuid).sort()).toEqual(sessionUuids.sort());

    for (let i = 0; i < 2; i++) {
      expect((await withToken(created.token, 'GET', '/api/entity/users')).statusCode).toBe(200);
    }
    // Requests with a session or with another token do not count for this one.
    await as('managerA', 'GET', '/api/entity/users');

    const listed = (await list('managerA')).find((row) => row.id === created.id);
    expect(listed?.calls).toBe(3);
    expect(listed?.lastCall).not.toBeNull();
    const lastCall = Date.parse(listed?.lastCall ?? '');
    expect(lastCall).toBeGreaterThanOrEqual(Date.parse(created.created));
    expect(lastCall).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it('stops working at once when deleted', async () => {
    const created = await create('managerA', { label: 'short-lived', type: 'general' });
    expect((await withToken(created.token, 'GET', '/api/entity/users')).statusCode).toBe(200);

    const del = await as('managerA', 'POST', `/api/deletetoken/${created.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true });

    expect((await withToken(created.token, 'GET', '/api/entity/users')).statusCode).toBe(401);
    expect((await withToken(created.token, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await list('managerA')).some((row) => row.id === created.id)).toBe(false);
    expect((await as('managerA', 'POST', `/api/deletetoken/${created.id}`)).statusCode).toBe(404);
  });

  it('binds a device token to a device of your own, which cannot list users', async () => {
    const device = await create('managerA', {
      label: 'sensor',
      type: 'device',
      reference: t.world.alphaThings.device.id,
    });
    expect(device).toMatchObject({
      type: 'device',
      reference: t.world.alphaThings.device.id,
      orgUuid: t.world.orgs.alpha,
    });
    expect(device.token).toMatch(/^nly_/);
    const res = await withToken(device.token, 'GET', '/api/entity/users');
    expect(res.statusCode).toBe(403);

    const foreign = await as('managerA', 'POST', '/api/generateToken', {
      label: 'theirs',
      type: 'device',
      reference: t.world.betaThings.device.id,
    });
    expect(foreign.statusCode).toBe(404);

    const generalWithReference = await as('managerA', 'POST', '/api/generateToken', {
      label: 'confused',
      type: 'general',
      reference: t.world.alphaThings.device.id,
    });
    expect(generalWithReference.statusCode).toBe(400);

    const deviceWithout = await as('managerA', 'POST', '/api/generateToken', {
      label: 'unbound',
      type: 'device',
    });
    expect(deviceWithout.statusCode).toBe(400);
  });

  it('binds registry and device type tokens to their entity’s organisation, one you can see', async () => {
    const registry = await create('super', {
      label: 'gateway',
      type: 'registry',
      reference: t.world.betaThings.registry.id,
    });
    expect(registry).toMatchObject({
      type: 'registry',
      reference: t.world.betaThings.registry.id,
      orgUuid: t.world.orgs.beta,
    });
    const deviceType = await create('managerA', {
      label: 'type feed',
      type: 'devicetype',
      reference: t.world.alphaThings.deviceType.id,
    });
    expect(deviceType).toMatchObject({ type: 'devicetype', orgUuid: t.world.orgs.alpha });

    const foreign = await as('managerA', 'POST', '/api/generateToken', {
      label: 'theirs',
      type: 'registry',
      reference: t.world.betaThings.registry.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(`No registry with id ${t.world.betaThings.registry.id}`);
    const missing = await as('managerA', 'POST', '/api/generateToken', {
      label: 'nothing',
      type: 'devicetype',
      reference: 999_999,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('names the device, device type or registry a token serves, each of its own kind', async () => {
    const { alphaThings } = t.world;
    const device = await create('managerA', {
      label: 'named device',
      type: 'device',
      reference: alphaThings.device.id,
    });
    const deviceType = await create('managerA', {
      label: 'named type',
      type: 'devicetype',
      reference: alphaThings.deviceType.id,
    });
    const registry = await create('managerA', {
      label: 'named registry',
      type: 'registry',
      reference: alphaThings.registry.id,
    });
    const general = await create('managerA', { label: 'named nothing', type: 'general' });
    expect(device.referenceName).toBe('Alpha device');

    const names = (rows: ApiToken[]) =>
      Object.fromEntries(
        rows
          .filter((row) => [device, deviceType, registry, general].some((c) => c.id === row.id))
          .map((row) => [row.label, [row.reference, row.referenceName]]),
      );
    // Devices, device types and registries number their ids apart: a name comes from the token's kind.
    expect(names(await list('managerA'))).toEqual({
      'named device': [alphaThings.device.id, 'Alpha device'],
      'named type': [alphaThings.deviceType.id, 'Alpha type'],
      'named registry': [alphaThings.registry.id, 'Alpha registry'],
      'named nothing': [null, null],
    });
  });

  it('a device token reaches none of the routes that act for its creator', async () => {
    const device = await create('managerA', {
      label: 'sensor-2',
      type: 'device',
      reference: t.world.alphaThings.device.id,
    });
    const requests: [string, 'GET' | 'PUT', string, object?][] = [
      ['list tokens', 'GET', `/api/tokens/${t.world.orgs.alpha}`],
      ['read the creator', 'GET', '/api/auth/user'],
      ['read a user', 'GET', `/api/entity/user/${t.world.users.managerA}`],
      [
        'write the creator’s settings',
        'PUT',
        `/api/entity/user/${t.world.users.managerA}/internal`,
        { settings: { written: 'by a device token' } },
      ],
    ];
    const statuses: Record<string, number> = {};
    for (const [name, method, url, payload] of requests) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${device.token}` },
        ...(payload === undefined ? {} : { payload }),
      });
      statuses[name] = res.statusCode;
    }
    expect(statuses).toEqual(Object.fromEntries(requests.map(([name]) => [name, 403])));
    const creator = await as('managerA', 'GET', '/api/auth/user');
    expect(creator.json<{ internal: Record<string, unknown> }>().internal).not.toHaveProperty(
      'settings.written',
    );
  });

  it('a token cannot create or delete tokens', async () => {
    const general = await create('managerA', { label: 'no-minting', type: 'general' });
    const victim = await create('managerA', { label: 'victim', type: 'general' });

    const mint = await withToken(general.token, 'POST', '/api/generateToken', {
      label: 'child',
      type: 'general',
    });
    expect(mint.statusCode).toBe(403);
    expect(mint.json()).toEqual(NOT_BY_TOKEN);

    const remove = await withToken(general.token, 'POST', `/api/deletetoken/${victim.id}`);
    expect(remove.statusCode).toBe(403);
    expect(remove.json()).toEqual(NOT_BY_TOKEN);
    expect((await withToken(victim.token, 'GET', '/api/entity/users')).statusCode).toBe(200);
  });

  it('a user sees and deletes only their own tokens; their manager oversees them', async () => {
    const mine = await create('userA', { label: 'user-a-script', type: 'general' });
    const managers = await create('managerA', { label: 'manager-a-script', type: 'general' });

    const userView = await list('userA');
    expect(userView.some((row) => row.id === mine.id)).toBe(true);
    expect(userView.every((row) => row.createdBy?.uuid === t.world.users.userA)).toBe(true);

    const managerView = (await list('managerA')).map((row) => row.id);
    expect(managerView).toEqual(expect.arrayContaining([mine.id, managers.id]));

    // Another tenant does not even learn that the organisation has tokens.
    expect((await as('managerB', 'GET', `/api/tokens/${t.world.orgs.alpha}`)).statusCode).toBe(404);

    const refused = await as('userA', 'POST', `/api/deletetoken/${managers.id}`);
    expect(refused.statusCode).toBe(404);
    expect((await withToken(managers.token, 'GET', '/api/entity/users')).statusCode).toBe(200);

    const removed = await as('managerA', 'POST', `/api/deletetoken/${mine.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await withToken(mine.token, 'GET', '/api/entity/users')).statusCode).toBe(401);
  });

  it('stops working when its creator is deactivated', async () => {
    const email = 'token.owner@world.test';
    const owner = await t.database.db
      .insertInto('users')
      .values({
        email,
        username: email,
        org_uuid: t.world.orgs.alpha,
        group_id: 3,
        first_name: 'Tove',
        last_name: 'Token',
        password_hash: await hashPassword(PASSWORD),
        confirmed_at: new Date(),
        active: true,
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    const session = await signIn(t.app, email);
    const res = await withToken(session, 'POST', '/api/generateToken', {
      label: 'owner-script',
      type: 'general',
    });
    expect(res.statusCode).toBe(201);
    const { token } = res.json<CreatedApiToken>();
    expect((await withToken(token, 'GET', '/api/entity/users')).statusCode).toBe(200);

    const off = await as('managerA', 'PUT', `/api/entity/user/${owner.uuid}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect((await withToken(token, 'GET', '/api/entity/users')).statusCode).toBe(401);
    expect((await withToken(token, 'GET', '/api/auth/user')).statusCode).toBe(401);
  });
});
