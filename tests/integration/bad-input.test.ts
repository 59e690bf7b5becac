import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { apiTokenRepository } from '../../server/repositories/api-token-repository.ts';
import { deviceRepository } from '../../server/repositories/device-repository.ts';
import { PASSWORD, seedWorld, signIn, type World } from '../helpers/world.ts';

/**
 * Bad requests get a 400 (or the one honest other 4xx) whose JSON body has
 * `statusCode` and a message saying what is wrong; they change nothing, and
 * the server never answers 5xx. Text that looks like SQL or script is data:
 * stored and returned literally. Run as a super user, so no refusal hides a
 * validation gap.
 */
/** A 1×1 PNG, as the picture upload takes it. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('bad input: a 400 with a message, nothing changed, never a 5xx', () => {
  type Method = 'POST' | 'PUT';
  type Json = Record<string, unknown>;
  type Payload = { json: unknown } | { raw: string; contentType: string } | { none: true };
  interface Case {
    kind: string;
    url?: string;
    payload: Payload;
    /** The honest answers; anything else (and every 5xx) is a failure. */
    allowed: readonly number[];
    /** A word the message must contain (the field that is wrong). */
    names?: string;
  }
  interface Route {
    name: string;
    method: Method;
    url: () => string;
    /** Send the super user's session. */
    auth: boolean;
    /** A body the route accepts; each case spoils one thing about it. It is never sent as is. */
    valid: () => Json;
    wrongTypes: [field: string, value: unknown][];
    required: string[];
    /** The schema says additionalProperties: false. */
    forbidsExtra: boolean;
    /** The body with a 1 MB string in a text field, and that field's name. */
    huge: [field: string, body: (big: string) => Json] | null;
    /** The body with a NUL character in a text field (PostgreSQL cannot store one in text). */
    nul: (() => Json) | null;
    /**
     * For a NUL in a field that is only looked up, never stored, the route's answer to an
     * unknown value is honest too (401 for a username, 404 for a link token).
     */
    nulAllowed?: readonly number[];
    /** A route without a body schema ignores a parsable body: it answers as for no body. */
    bodyIgnored?: number;
    more?: () => Case[];
    /** Further values PostgreSQL cannot hold: NUL in JSON, numbers beyond bigint. */
    beyondDatabase?: () => Case[];
  }

  let t: TestApp;
  let world: World;
  let superToken: string;
  let victimUser: string;
  let victimOrg: string;
  /** A registry, device type, function and device in Alpha for the update routes to spoil. */
  const victims = {
    registry: 0,
    deviceType: 0,
    cloudFunction: 0,
    device: 0,
    project: 0,
    collection: 0,
  };
  let baseline: { users: number; organisations: number };
  /** What the successful creates in this file added. */
  const created = { users: 0, organisations: 0 };

  const db = () => t.database.db;
  const unique = () => randomUUID().slice(0, 8);
  const big = 'x'.repeat(1024 * 1024);

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
    superToken = await signIn(t.app, 'super@world.test');
    const hash = (
      await db()
        .selectFrom('users')
        .select('password_hash')
        .where('uuid', '=', world.users.userA)
        .executeTakeFirstOrThrow()
    ).password_hash;
    victimUser = (
      await db()
        .insertInto('users')
        .values({
          email: 'victim@bad-input.test',
          username: 'victim@bad-input.test',
          org_uuid: world.orgs.alpha,
          first_name: 'Vera',
          last_name: 'Victim',
          password_hash: hash,
          confirmed_at: new Date(),
          active: true,
        })
        .returning('uuid')
        .executeTakeFirstOrThrow()
    ).uuid;
    victimOrg = (
      await db()
        .insertInto('organisations')
        .values({
          name: 'Victim Org',
          parent_uuid: world.orgs.alpha,
          address: 'Vej 1',
          zip: '8000',
          city: 'Aarhus',
          country: 'Denmark',
        })
        .returning('uuid')
        .executeTakeFirstOrThrow()
    ).uuid;
    const victimThing = (table: 'registries' | 'device_types') =>
      db()
        .insertInto(table)
        .values({ name: `Victim ${table}`, org_uuid: world.orgs.alpha })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    victims.registry = await victimThing('registries');
    victims.deviceType = await victimThing('device_types');
    victims.cloudFunction = (
      await db()
        .insertInto('cloud_functions')
        .values({ name: 'Victim function', type: 'decoder', org_uuid: world.orgs.alpha })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    victims.device = (
      await db()
        .insertInto('devices')
        .values({
          name: 'Victim device',
          org_uuid: world.orgs.alpha,
          registry_id: victims.registry,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    victims.project = (
      await db()
        .insertInto('projects')
        .values({
          title: 'Victim project',
          start_date: '2026-03-01',
          end_date: '2026-03-31',
          org_uuid: world.orgs.alpha,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    victims.collection = (
      await db()
        .insertInto('data_collections')
        .values({
          name: 'Victim collection',
          org_uuid: world.orgs.alpha,
          project_id: victims.project,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    baseline = { users: await count('users'), organisations: await count('organisations') };
  });

  afterAll(async () => {
    await t.close();
  });

  async function count(
    table:
      | 'users'
      | 'organisations'
      | 'api_tokens'
      | 'sessions'
      | 'user_tokens'
      | 'registries'
      | 'device_types'
      | 'cloud_functions'
      | 'devices'
      | 'device_functions'
      | 'device_pictures'
      | 'projects'
      | 'data_collections'
      | 'collection_devices',
  ): Promise<number> {
    const row = await db()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const userRow = (uuid: string) =>
    db().selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  const orgRow = (uuid: string) =>
    db().selectFrom('organisations').selectAll().where('uuid', '=', uuid).executeTakeFirst();

  /** Everything a bad request could have touched. */
  const fingerprint = async () => ({
    users: await count('users'),
    organisations: await count('organisations'),
    apiTokens: await count('api_tokens'),
    sessions: await count('sessions'),
    mailLinks: await count('user_tokens'),
    victimUser: await userRow(victimUser),
    victimOrg: await orgRow(victimOrg),
    superUser: await userRow(world.users.super),
    registries: await count('registries'),
    deviceTypes: await count('device_types'),
    functions: await count('cloud_functions'),
    devices: await count('devices'),
    pipelines: await count('device_functions'),
    pictures: await count('device_pictures'),
    projects: await count('projects'),
    collections: await count('data_collections'),
    collectionPeriods: await count('collection_devices'),
    victimCollection: await db()
      .selectFrom('data_collections')
      .selectAll()
      .where('id', '=', victims.collection)
      .executeTakeFirst(),
    victimThings: await Promise.all([
      db().selectFrom('projects').selectAll().where('id', '=', victims.project).executeTakeFirst(),
      db()
        .selectFrom('registries')
        .selectAll()
        .where('id', '=', victims.registry)
        .executeTakeFirst(),
      db()
        .selectFrom('device_types')
        .selectAll()
        .where('id', '=', victims.deviceType)
        .executeTakeFirst(),
      db()
        .selectFrom('cloud_functions')
        .selectAll()
        .where('id', '=', victims.cloudFunction)
        .executeTakeFirst(),
      db().selectFrom('devices').selectAll().where('id', '=', victims.device).executeTakeFirst(),
    ]),
  });

  // Sign-in and the password routes are rate limited per address; each request here comes
  // from its own address so the limits (tested in auth.test.ts) do not turn a 400 into a 429.
  let addresses = 0;
  const nextAddress = () => {
    addresses += 1;
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  };

  function send(method: Method | 'GET', url: string, payload: Payload, auth: boolean) {
    const headers: Record<string, string> = auth ? { authorization: `Bearer ${superToken}` } : {};
    if ('raw' in payload) headers['content-type'] = payload.contentType;
    return t.app.inject({
      method,
      url,
      headers,
      remoteAddress: nextAddress(),
      ...('json' in payload ? { payload: payload.json as Json } : {}),
      ...('raw' in payload ? { payload: payload.raw } : {}),
    });
  }

  function problemsOf(label: string, res: LightMyRequestResponse, c: Case): string[] {
    const problems: string[] = [];
    if (res.statusCode >= 500) problems.push(`${label}: ${res.statusCode} ${res.body}`);
    else if (!c.allowed.includes(res.statusCode))
      problems.push(`${label}: ${res.statusCode} (want ${c.allowed.join('/')}) ${res.body}`);
    if (res.statusCode >= 400) {
      let body: { statusCode?: unknown; message?: unknown } = {};
      try {
        body = res.json();
      } catch {
        problems.push(`${label}: the error is not JSON: ${res.body}`);
      }
      if (body.statusCode !== res.statusCode)
        problems.push(`${label}: body.statusCode is ${String(body.statusCode)}`);
      if (typeof body.message !== 'string' || body.message.trim() === '')
        problems.push(`${label}: no message`);
      else if (res.statusCode === 400 && c.names && !body.message.includes(c.names))
        problems.push(`${label}: message "${body.message}" does not name ${c.names}`);
    }
    return problems;
  }

  const without = (body: Json, field: string): Json =>
    Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));

  function casesFor(route: Route): Case[] {
    const ignored = route.bodyIgnored;
    const unlessIgnored = (allowed: readonly number[]) =>
      ignored === undefined ? allowed : [ignored];
    const cases: Case[] = [];
    for (const [field, value] of route.wrongTypes) {
      cases.push({
        kind: `wrong type ${field}=${JSON.stringify(value)}`,
        payload: { json: { ...route.valid(), [field]: value } },
        allowed: [400],
        names: field,
      });
    }
    for (const field of route.required) {
      const body = without(route.valid(), field);
      cases.push({
        kind: `missing ${field}`,
        payload: { json: body },
        allowed: [400],
        names: field,
      });
    }
    if (route.forbidsExtra) {
      cases.push({
        kind: 'unknown extra field',
        payload: { json: { ...route.valid(), isAdmin: true } },
        allowed: [400],
        names: 'body.isAdmin',
      });
    }
    if (route.huge) {
      const [field, body] = route.huge;
      // 1 MB is under the 2 MB body limit, so the schema's maxLength answers, naming the field.
      cases.push({
        kind: `1 MB string in ${field}`,
        payload: { json: body(big) },
        allowed: [400],
        names: field,
      });
    } else if (ignored !== undefined) {
      cases.push({ kind: '1 MB string', payload: { json: { label: big } }, allowed: [ignored] });
    }
    cases.push(
      {
        kind: 'malformed JSON',
        payload: { raw: '{"name": "unfinished', contentType: 'application/json' },
        allowed: [400],
      },
      {
        // Fastify refuses an empty body that claims to be JSON.
        kind: 'empty JSON body',
        payload: { raw: '', contentType: 'application/json' },
        allowed: [400],
      },
      { kind: 'no body at all', payload: { none: true }, allowed: unlessIgnored([400]) },
      {
        kind: 'array instead of object',
        payload: { json: [route.valid()] },
        allowed: unlessIgnored([400]),
      },
      {
        // No parser for forms: 415 Unsupported Media Type is the honest answer.
        kind: 'form-encoded body',
        payload: { raw: 'name=x&admin=1', contentType: 'application/x-www-form-urlencoded' },
        allowed: [415],
      },
      {
        kind: 'XML body',
        payload: { raw: '<user><name>x</name></user>', contentType: 'application/xml' },
        allowed: [415],
      },
      {
        // text/plain is parsed as a string, which is not the object the schema wants.
        kind: 'text/plain body',
        payload: { raw: 'hello', contentType: 'text/plain' },
        allowed: unlessIgnored([400]),
      },
    );
    return [...cases, ...(route.more?.() ?? [])];
  }

  /** Values JSON allows and PostgreSQL cannot store or compare: they must not reach it as a 500. */
  function beyondDatabaseFor(route: Route): Case[] {
    return [
      ...(route.nul
        ? [
            {
              kind: 'NUL character in text',
              payload: { json: route.nul() },
              allowed: route.nulAllowed ?? [400],
            },
          ]
        : []),
      ...(route.beyondDatabase?.() ?? []),
    ];
  }

  const orgBody = (parentUuid: string, name: string): Json => ({
    name,
    parentUuid,
    address: 'Vej 3',
    zip: '3000',
    city: 'Helsingør',
    country: 'Denmark',
  });
  const linkBody = (): Json => ({ token: 'no-such-token', newPassword: 'long-enough-password' });

  const routes: Route[] = [
    {
      name: 'POST /api/auth/basic',
      method: 'POST',
      url: () => '/api/auth/basic',
      auth: false,
      valid: () => ({ username: 'nobody@bad-input.test', password: 'not-the-password' }),
      wrongTypes: [
        ['username', 123],
        ['username', ['nobody']],
        ['username', { name: 'nobody' }],
        ['password', true],
        ['password', null],
        ['username', ''],
      ],
      required: ['username', 'password'],
      forbidsExtra: false,
      huge: ['username', (b) => ({ username: b, password: 'x' })],
      nul: () => ({ username: 'nobody\u0000@bad-input.test', password: 'x' }),
      nulAllowed: [400, 401],
    },
    {
      name: 'POST /api/auth/google',
      method: 'POST',
      url: () => '/api/auth/google',
      auth: false,
      valid: () => ({ id_token: 'eyJhbGciOiJSUzI1NiJ9.e30.sig' }),
      wrongTypes: [
        ['id_token', 42],
        ['id_token', ['a']],
        ['id_token', { jwt: 'a' }],
        ['id_token', ''],
      ],
      required: ['id_token'],
      forbidsExtra: false,
      huge: ['id_token', (b) => ({ id_token: b })],
      // Third-party sign-in is off in this app: 404 'not configured' is its answer to any token.
      nul: () => ({ id_token: 'a\u0000b' }),
      nulAllowed: [400, 404],
    },
    {
      name: 'POST /api/entity/user',
      method: 'POST',
      url: () => '/api/entity/user',
      auth: true,
      valid: () => ({
        email: `never-made-${unique()}@bad-input.test`,
        orgUuid: world.orgs.alpha,
        firstName: 'Never',
      }),
      wrongTypes: [
        ['email', 123],
        ['email', 'not-an-email'],
        ['orgUuid', 42],
        ['orgUuid', 'not-a-uuid'],
        ['firstName', 7],
        ['newsletter', 'yes'],
        ['newsletter', 'true'],
        ['social', []],
        ['tags', 'one'],
        ['tags', { a: 1 }],
        ['groupId', '1'],
        ['groupId', 4],
        ['language', 'klingon'],
        ['birthday', 20200101],
        ['birthday', '2020-13-45'],
        ['img', 'javascript:alert(1)'],
      ],
      required: ['email', 'orgUuid'],
      forbidsExtra: true,
      huge: [
        'firstName',
        (b) => ({ email: 'huge@bad-input.test', orgUuid: world.orgs.alpha, firstName: b }),
      ],
      nul: () => ({
        email: `nul-${unique()}@bad-input.test`,
        orgUuid: world.orgs.alpha,
        firstName: 'Nul\u0000Byte',
      }),
    },
    {
      name: 'PUT /api/entity/user/{uuid}',
      method: 'PUT',
      url: () => `/api/entity/user/${victimUser}`,
      auth: true,
      valid: () => ({ firstName: 'Changed' }),
      wrongTypes: [
        ['firstName', 1],
        ['email', 5],
        ['active', 'false'],
        ['active', 1],
        ['newsletter', 'yes'],
        ['social', []],
        ['tags', 'x'],
        ['loginSuspended', true],
        ['groupId', '2'],
        ['orgUuid', ['x']],
      ],
      required: [],
      forbidsExtra: true,
      huge: ['lastName', (b) => ({ lastName: b })],
      nul: () => ({ lastName: 'Nul\u0000Byte' }),
      more: () => [
        {
          kind: 'a uuid that is not one (path)',
          url: '/api/entity/user/not-a-uuid',
          payload: { json: { firstName: 'x' } },
          allowed: [400],
          names: 'uuid',
        },
      ],
    },
    {
      name: 'PUT /api/entity/user/{uuid}/internal',
      method: 'PUT',
      url: () => `/api/entity/user/${world.users.super}/internal`,
      auth: true,
      valid: () => ({ settings: { theme: 'dark' } }),
      wrongTypes: [
        ['settings', []],
        ['settings', 'dark'],
        ['favourites', {}],
        ['favourites', [{ id: 1, type: 'spaceship' }]],
        ['dashboards', 'x'],
        ['dashboards', [1, 2]],
      ],
      required: [],
      forbidsExtra: true,
      huge: ['favourites', (b) => ({ favourites: [{ id: 1, type: 'device', name: b }] })],
      nul: () => ({ favourites: [{ id: 1, type: 'device', name: 'Nul\u0000Byte' }] }),
      more: () => [
        {
          // Settings are free-form JSON; over the store's limit the route itself says so.
          kind: '1 MB inside free-form settings',
          payload: { json: { settings: { notes: big } } },
          allowed: [400, 413],
        },
      ],
    },
    {
      name: 'POST /api/entity/user/forgotpassword',
      method: 'POST',
      url: () => '/api/entity/user/forgotpassword',
      auth: false,
      valid: () => ({ email: 'nobody@bad-input.test' }),
      wrongTypes: [
        ['email', 1],
        ['email', ['a@b.test']],
        ['email', null],
        ['email', 'not an e-mail'],
      ],
      required: ['email'],
      forbidsExtra: false,
      huge: ['email', (b) => ({ email: `${b}@bad-input.test` })],
      nul: () => ({ email: 'nobody\u0000@bad-input.test' }),
    },
    {
      name: 'POST /api/entity/user/forgotpassword/set',
      method: 'POST',
      url: () => '/api/entity/user/forgotpassword/set',
      auth: false,
      valid: linkBody,
      wrongTypes: [
        ['token', 1],
        ['token', ''],
        ['newPassword', 12345678],
        ['newPassword', ['long-enough-password']],
      ],
      required: ['token', 'newPassword'],
      forbidsExtra: false,
      huge: ['newPassword', (b) => ({ token: 'x', newPassword: b })],
      nul: () => ({ token: 'no\u0000such', newPassword: 'long-enough-password' }),
      nulAllowed: [400, 404],
    },
    {
      name: 'POST /api/entity/user/confirm',
      method: 'POST',
      url: () => '/api/entity/user/confirm',
      auth: false,
      valid: linkBody,
      wrongTypes: [
        ['token', false],
        ['newPassword', 12345678],
        ['newPassword', { value: 'long-enough-password' }],
      ],
      required: ['token', 'newPassword'],
      forbidsExtra: false,
      huge: ['token', (b) => ({ token: b, newPassword: 'long-enough-password' })],
      nul: () => ({ token: 'no\u0000such', newPassword: 'long-enough-password' }),
      nulAllowed: [400, 404],
    },
    {
      name: 'POST /api/entity/user/{uuid}/setpassword',
      method: 'POST',
      url: () => `/api/entity/user/${victimUser}/setpassword`,
      auth: true,
      valid: () => ({ newPassword: 'long-enough-password' }),
      wrongTypes: [
        ['newPassword', 12345678],
        ['newPassword', true],
        ['oldPassword', 1],
      ],
      required: ['newPassword'],
      forbidsExtra: false,
      huge: ['newPassword', (b) => ({ newPassword: b })],
      nul: null,
    },
    {
      name: 'POST /api/entity/organisation',
      method: 'POST',
      url: () => '/api/entity/organisation',
      auth: true,
      valid: () => orgBody(world.orgs.alpha, `Never made ${unique()}`),
      wrongTypes: [
        ['name', 1],
        ['name', '   '],
        ['parentUuid', 5],
        ['parentUuid', 'not-a-uuid'],
        ['zip', 1000],
        ['metadata', []],
        ['metadata', 'x'],
        ['website', 1],
        ['nickname', false],
        ['timeZone', 5],
      ],
      required: ['name', 'address', 'city', 'zip', 'country', 'parentUuid'],
      forbidsExtra: true,
      huge: ['name', (b) => orgBody(world.orgs.alpha, b)],
      nul: () => orgBody(world.orgs.alpha, 'Nul\u0000Byte'),
      beyondDatabase: () => [
        {
          kind: 'NUL character in metadata',
          payload: { json: { ...orgBody(world.orgs.alpha, 'Meta'), metadata: { a: 'x\u0000y' } } },
          allowed: [400],
        },
      ],
    },
    {
      name: 'PUT /api/entity/organisation/{uuid}',
      method: 'PUT',
      url: () => `/api/entity/organisation/${victimOrg}`,
      auth: true,
      valid: () => ({ name: 'Renamed' }),
      wrongTypes: [
        ['name', 1],
        ['name', ''],
        ['metadata', []],
        ['parentUuid', 1],
        ['zip', 1],
        ['timeZone', 5],
        ['country', null],
      ],
      required: [],
      forbidsExtra: true,
      huge: ['city', (b) => ({ city: b })],
      nul: () => ({ city: 'Nul\u0000Byte' }),
    },
    {
      name: 'POST /api/acl/test/{privileges}',
      method: 'POST',
      url: () => '/api/acl/test/device.list',
      auth: true,
      valid: () => ({ resources: [world.orgs.alpha] }),
      wrongTypes: [
        ['resources', 'x'],
        ['resources', {}],
        ['resources', [1]],
        ['resources', [null]],
        ['resources', ['not-a-uuid']],
      ],
      required: [],
      forbidsExtra: false,
      huge: ['resources', (b) => ({ resources: [b] })],
      nul: null,
      more: () => [
        {
          kind: 'more than 500 resources',
          payload: { json: { resources: Array.from({ length: 501 }, () => randomUUID()) } },
          allowed: [400],
          names: 'resources',
        },
        {
          // Over the schema's 2000 characters: 400, or 414 URI Too Long from the router.
          kind: 'a 2001-character privilege list',
          url: `/api/acl/test/${'a'.repeat(2001)}`,
          payload: { json: {} },
          allowed: [400, 414],
        },
      ],
    },
    {
      name: 'POST /api/generateToken',
      method: 'POST',
      url: () => '/api/generateToken',
      auth: true,
      valid: () => ({ label: 'never made', type: 'general' }),
      wrongTypes: [
        ['label', 1],
        ['label', ['x']],
        ['label', '   '],
        ['type', 'root'],
        ['type', 1],
        ['reference', '1'],
        ['reference', 0],
        ['reference', 1.5],
      ],
      required: ['label', 'type'],
      forbidsExtra: true,
      huge: ['label', (b) => ({ label: b, type: 'general' })],
      nul: () => ({ label: 'Nul\u0000Byte', type: 'general' }),
      beyondDatabase: () =>
        ['9223372036854775808', '1e20'].map((reference) => ({
          // Beyond any id there can be: "no such device" (404) or out of range (400) are honest.
          kind: `device reference ${reference}`,
          payload: {
            raw: `{"label":"big","type":"device","reference":${reference}}`,
            contentType: 'application/json',
          },
          allowed: [400, 404],
        })),
    },
    {
      name: 'POST /api/v2/registry',
      method: 'POST',
      url: () => '/api/v2/registry',
      auth: true,
      valid: () => ({ name: `Never made ${unique()}`, orgUuid: world.orgs.alpha }),
      wrongTypes: [
        ['name', 1],
        ['name', '   '],
        ['name', ['x']],
        ['description', 5],
        ['protocol', 'ftp'],
        ['protocol', 1],
        ['region', 'asia'],
        ['orgUuid', 'not-a-uuid'],
        ['orgUuid', 7],
      ],
      required: ['name'],
      forbidsExtra: true,
      huge: ['name', (b) => ({ name: b })],
      nul: () => ({ name: 'Nul\u0000Byte' }),
    },
    {
      name: 'POST /api/v2/project',
      method: 'POST',
      url: () => '/api/v2/project',
      auth: true,
      valid: () => ({
        title: `Never made ${unique()}`,
        startDate: '2026-04-01',
        endDate: '2026-04-30',
        orgUuid: world.orgs.alpha,
      }),
      wrongTypes: [
        ['title', 1],
        ['title', '   '],
        ['startDate', '01/04/2026'],
        ['startDate', '2026-02-30'],
        ['endDate', 20260430],
        ['contact', 'Anna'],
        ['contact', { email: 'not an address' }],
        ['contact', { phone: 5 }],
        ['contact', { fax: '1234' }],
        ['orgUuid', 'not-a-uuid'],
      ],
      required: ['title', 'startDate', 'endDate'],
      forbidsExtra: true,
      huge: ['title', (b) => ({ title: b, startDate: '2026-04-01', endDate: '2026-04-30' })],
      nul: () => ({ title: 'Nul\u0000Byte', startDate: '2026-04-01', endDate: '2026-04-30' }),
    },
    {
      name: 'PUT /api/v2/project',
      method: 'PUT',
      url: () => '/api/v2/project',
      auth: true,
      valid: () => ({ id: victims.project, title: 'Changed' }),
      wrongTypes: [
        ['id', '1'],
        ['id', 0],
        ['id', null],
        ['title', ''],
        ['endDate', '2026-13-01'],
        ['contact', ['x']],
        ['orgUuid', ['x']],
      ],
      required: ['id'],
      forbidsExtra: true,
      huge: ['description', (b) => ({ id: victims.project, description: b })],
      nul: () => ({ id: victims.project, description: 'Nul\u0000Byte' }),
    },
    {
      name: 'POST /api/v2/collection',
      method: 'POST',
      url: () => '/api/v2/collection',
      auth: true,
      valid: () => ({ name: `Never made ${unique()}`, orgUuid: world.orgs.alpha }),
      wrongTypes: [
        ['name', 1],
        ['name', '   '],
        ['state', 'paused'],
        ['endOfService', '31-12-2026'],
        ['projectId', '1'],
        ['projectId', 0],
        ['orgUuid', 'not-a-uuid'],
      ],
      required: ['name'],
      forbidsExtra: true,
      huge: ['name', (b) => ({ name: b })],
      nul: () => ({ name: 'Nul\u0000Byte' }),
    },
    {
      name: 'PUT /api/v2/collection',
      method: 'PUT',
      url: () => '/api/v2/collection',
      auth: true,
      valid: () => ({ id: victims.collection, name: 'Changed' }),
      wrongTypes: [
        ['id', '1'],
        ['id', 0],
        ['name', ''],
        ['state', true],
        ['projectId', -1],
        ['deviceId', 1],
      ],
      required: ['id'],
      forbidsExtra: true,
      huge: ['description', (b) => ({ id: victims.collection, description: b })],
      nul: () => ({ id: victims.collection, description: 'Nul\u0000Byte' }),
    },
    {
      name: 'PUT /api/v2/collection/{id}/device',
      method: 'PUT',
      url: () => `/api/v2/collection/${victims.collection}/device`,
      auth: true,
      valid: () => ({ deviceId: victims.device }),
      wrongTypes: [
        ['deviceId', '1'],
        ['deviceId', 0],
        ['deviceId', null],
        ['from', 'yesterday'],
        ['from', 5],
      ],
      required: ['deviceId'],
      forbidsExtra: true,
      huge: null,
      nul: null,
      more: () => [
        ...['abc', '0', '-1'].map((id) => ({
          kind: `collection id ${id}`,
          url: `/api/v2/collection/${id}/device`,
          payload: { json: { deviceId: victims.device } },
          allowed: [400],
          names: 'id',
        })),
        {
          kind: 'a start in the future',
          payload: { json: { deviceId: victims.device, from: '2999-01-01T00:00:00Z' } },
          allowed: [400],
        },
        {
          kind: 'a device that does not exist',
          payload: { json: { deviceId: 999_999 } },
          allowed: [400],
          names: 'device',
        },
      ],
    },
    {
      name: 'PUT /api/v2/registry',
      method: 'PUT',
      url: () => '/api/v2/registry',
      auth: true,
      valid: () => ({ id: victims.registry, name: 'Changed' }),
      wrongTypes: [
        ['id', '1'],
        ['id', 0],
        ['id', -1],
        ['id', 1.5],
        ['id', null],
        ['name', ''],
        ['protocol', true],
        ['orgUuid', ['x']],
      ],
      required: ['id'],
      forbidsExtra: true,
      huge: ['description', (b) => ({ id: victims.registry, description: b })],
      nul: () => ({ id: victims.registry, description: 'Nul\u0000Byte' }),
      beyondDatabase: () =>
        ['9223372036854775808', '1e20'].map((id) => ({
          kind: `id ${id}`,
          payload: { raw: `{"id":${id},"name":"x"}`, contentType: 'application/json' },
          allowed: [400, 404],
        })),
    },
    {
      name: 'POST /api/v2/devicetype',
      method: 'POST',
      url: () => '/api/v2/devicetype',
      auth: true,
      valid: () => ({ name: `Never made ${unique()}`, orgUuid: world.orgs.alpha }),
      wrongTypes: [
        ['name', 1],
        ['metadata', []],
        ['metadata', 'x'],
        ['structure', 'x'],
        ['structure', [{ key: 'a' }]],
        ['structure', [{ key: 'a b', name: 'A', type: 'value' }]],
        ['structure', [{ key: 'a', name: 'A', type: 'float' }]],
        ['decoderFunctionId', '1'],
        ['decoderFunctionId', 0],
      ],
      required: ['name'],
      forbidsExtra: true,
      huge: ['description', (b) => ({ name: 'Huge', description: b })],
      nul: () => ({ name: 'Nul\u0000Byte' }),
      beyondDatabase: () => [
        {
          kind: 'NUL character in metadata',
          payload: { json: { name: 'Meta', metadata: { a: 'x\u0000y' } } },
          allowed: [400],
        },
        {
          kind: 'decoder function id 9223372036854775808',
          payload: {
            raw: '{"name":"big","decoderFunctionId":9223372036854775808}',
            contentType: 'application/json',
          },
          allowed: [400],
        },
      ],
    },
    {
      name: 'PUT /api/v2/devicetype',
      method: 'PUT',
      url: () => '/api/v2/devicetype',
      auth: true,
      valid: () => ({ id: victims.deviceType, name: 'Changed' }),
      wrongTypes: [
        ['id', '1'],
        ['id', 0],
        ['structure', {}],
        ['metadata', 1],
      ],
      required: ['id'],
      forbidsExtra: true,
      huge: ['name', (b) => ({ id: victims.deviceType, name: b })],
      nul: () => ({
        id: victims.deviceType,
        structure: [{ key: 'a', name: 'N\u0000', type: 'value' }],
      }),
    },
    {
      name: 'POST /api/v2/cloudfunction',
      method: 'POST',
      url: () => '/api/v2/cloudfunction',
      auth: true,
      valid: () => ({ name: `Never made ${unique()}`, type: 'decoder', orgUuid: world.orgs.alpha }),
      wrongTypes: [
        ['name', false],
        ['type', 'lambda'],
        ['type', 1],
        ['code', 5],
        ['dataType', 'sum'],
        ['dataKeys', [{}]],
        ['dataKeys', 'countIn'],
        ['metadata', {}],
        ['metadata', [{ key: 'a', value: { nested: true } }]],
      ],
      required: ['name', 'type'],
      forbidsExtra: true,
      // Over the code's 256 KB the schema answers, naming the field.
      huge: ['code', (b) => ({ name: 'Huge', type: 'decoder', code: b })],
      nul: () => ({ name: 'Nul', type: 'decoder', code: 'x\u0000' }),
    },
    {
      name: 'PUT /api/v2/cloudfunction',
      method: 'PUT',
      url: () => '/api/v2/cloudfunction',
      auth: true,
      valid: () => ({ id: victims.cloudFunction, name: 'Changed' }),
      wrongTypes: [
        ['id', 'x'],
        ['type', 'lambda'],
        ['code', null],
      ],
      required: ['id'],
      forbidsExtra: true,
      huge: ['code', (b) => ({ id: victims.cloudFunction, code: b })],
      nul: () => ({ id: victims.cloudFunction, description: 'Nul\u0000Byte' }),
    },
    {
      name: 'POST /api/v2/device',
      method: 'POST',
      url: () => '/api/v2/device',
      auth: true,
      valid: () => ({ name: `Never made ${unique()}`, orgUuid: world.orgs.alpha }),
      wrongTypes: [
        ['name', 1],
        ['lat', 'x'],
        ['lat', 91],
        ['lng', -181],
        ['locType', 'beach'],
        ['availability', 'taken'],
        ['communication', 'yes'],
        ['calibrated', 1],
        ['hardware', []],
        ['hardware', { model: 5 }],
        ['metadata', []],
        ['dataKeys', [{ name: 'no key' }]],
        ['syntheticKeys', [{ key: 'a' }]],
        ['decoderFunctionIds', '1'],
        ['decoderFunctionIds', [0]],
        ['registryId', -1],
        ['deviceTypeId', 'one'],
        ['uniqueName', 'has space'],
        ['mqttForward', 'x'],
        ['calibration', { type: 'magic' }],
        ['firmware', { history: [] }],
      ],
      required: ['name'],
      forbidsExtra: true,
      huge: ['description', (b) => ({ name: 'Huge', description: b })],
      nul: () => ({ name: 'Nul\u0000Byte' }),
      beyondDatabase: () => [
        {
          kind: 'NUL character in metadata',
          payload: { json: { name: 'Meta', metadata: { a: ['x\u0000y'] } } },
          allowed: [400],
        },
        ...['registryId', 'projectId'].map((field) => ({
          kind: `${field} 9223372036854775808`,
          payload: {
            raw: `{"name":"big","${field}":9223372036854775808}`,
            contentType: 'application/json',
          },
          allowed: [400],
        })),
      ],
    },
    {
      name: 'PUT /api/v2/device',
      method: 'PUT',
      url: () => '/api/v2/device',
      auth: true,
      valid: () => ({ id: victims.device, name: 'Changed' }),
      wrongTypes: [
        ['id', '1'],
        ['id', 0],
        ['lat', true],
        ['mqttForward', { password: 5 }],
        ['decoderFunctionIds', [1, 1]],
      ],
      required: ['id'],
      forbidsExtra: true,
      huge: ['address', (b) => ({ id: victims.device, address: b })],
      nul: () => ({ id: victims.device, mqttForward: { password: 'p\u0000' } }),
    },
    {
      name: 'POST /api/v2/device/{id}/pictures',
      method: 'POST',
      url: () => `/api/v2/device/${victims.device}/pictures`,
      auth: true,
      valid: () => ({ fileName: 'site.png', contentType: 'image/png', data: PNG_1X1 }),
      wrongTypes: [
        ['fileName', 5],
        ['fileName', ' '],
        ['contentType', 'image/gif'],
        ['contentType', 'image/svg+xml'],
        ['contentType', 'text/html'],
        ['data', 5],
        ['data', 'not base64!'],
        // Valid base64, but the bytes are no image of the declared type.
        ['data', Buffer.from('<svg onload="alert(1)"/>').toString('base64')],
      ],
      required: ['fileName', 'contentType', 'data'],
      forbidsExtra: true,
      huge: ['fileName', (b) => ({ fileName: b, contentType: 'image/png', data: PNG_1X1 })],
      nul: () => ({ fileName: 'site\u0000.png', contentType: 'image/png', data: PNG_1X1 }),
      more: () => [
        ...['abc', '0', '-1'].map((id) => ({
          kind: `device id ${id}`,
          url: `/api/v2/device/${id}/pictures`,
          payload: { json: { fileName: 'a.png', contentType: 'image/png', data: PNG_1X1 } },
          allowed: [400],
          names: 'id',
        })),
      ],
    },
    {
      // Takes no body: a parsable one is ignored and the unknown id gets 404; the id is checked.
      name: 'POST /api/deletetoken/{id}',
      method: 'POST',
      url: () => '/api/deletetoken/987654',
      auth: true,
      valid: () => ({}),
      wrongTypes: [],
      required: [],
      forbidsExtra: false,
      huge: null,
      nul: null,
      bodyIgnored: 404,
      more: () => [
        ...['abc', '0', '-1', '1.5', '%00'].map((id) => ({
          kind: `id ${id}`,
          url: `/api/deletetoken/${id}`,
          payload: { none: true } as const,
          allowed: [400],
          names: 'id',
        })),
      ],
      beyondDatabase: () => [
        ...['9223372036854775808', '99999999999999999999'].map((id) => ({
          // Beyond any id there can be: 400 (out of range) or 404 (no such token) are honest.
          kind: `id ${id}`,
          url: `/api/deletetoken/${id}`,
          payload: { none: true } as const,
          allowed: [400, 404],
        })),
      ],
    },
  ];

  describe('every write route × every kind of bad body', () => {
    it.each(routes.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
      const before = await fingerprint();
      const problems: string[] = [];
      for (const c of casesFor(route)) {
        const res = await send(route.method, c.url ?? route.url(), c.payload, route.auth);
        problems.push(...problemsOf(c.kind, res, c));
      }
      expect(problems).toEqual([]);
      expect(await fingerprint()).toEqual(before);
    });
  });

  describe('values the database cannot hold', () => {
    // JSON can carry U+0000 and integers beyond 2^63; PostgreSQL text, jsonb and bigint cannot.
    // The honest answer is 400 (or the route's answer to an unknown value), never a 500.
    it.each(
      routes
        .filter((route) => route.nul !== null || route.beyondDatabase !== undefined)
        .map((r) => [r.name, r] as const),
    )('%s', async (_name, route) => {
      const before = await fingerprint();
      const problems: string[] = [];
      for (const c of beyondDatabaseFor(route)) {
        const res = await send(route.method, c.url ?? route.url(), c.payload, route.auth);
        problems.push(...problemsOf(c.kind, res, c));
      }
      expect(problems).toEqual([]);
      expect(await fingerprint()).toEqual(before);
    });
  });

  describe('text that looks like SQL or script is data', () => {
    const nasty = [
      "'; drop table users; --",
      '<script>alert(1)</script>',
      "Robert'); DELETE FROM organisations;--",
    ];
    const as = (method: Method | 'GET', url: string, json?: Json) =>
      send(method, url, json === undefined ? { none: true } : { json }, true);

    it('creates organisations and users with such names and returns them literally', async () => {
      for (const text of nasty) {
        const org = await as('POST', '/api/entity/organisation', {
          ...orgBody(world.orgs.alpha, text),
          nickname: text,
          city: text,
          metadata: { note: text },
        });
        expect(org.statusCode).toBe(201);
        created.organisations += 1;
        const orgUuid = org.json<{ uuid: string }>().uuid;
        expect(org.json()).toMatchObject({ name: text, nickname: text, city: text });
        const read = await as('GET', `/api/entity/organisation/${orgUuid}`);
        expect(read.json()).toMatchObject({ name: text, nickname: text, city: text });
        expect((await as('GET', `/api/orgMetadata/${orgUuid}`)).json()).toEqual({
          uuid: orgUuid,
          metadata: { note: text },
        });
        expect(await orgRow(orgUuid)).toMatchObject({ name: text, nickname: text, city: text });

        const email = `literal-${unique()}@bad-input.test`;
        const user = await as('POST', '/api/entity/user', {
          email,
          username: `${text} ${unique()}`,
          orgUuid,
          firstName: text,
          lastName: text,
          bio: text,
          tags: [text.slice(0, 50)],
        });
        expect(user.statusCode).toBe(201);
        created.users += 1;
        const userUuid = user.json<{ uuid: string }>().uuid;
        const readUser = await as('GET', `/api/entity/user/${userUuid}`);
        expect(readUser.json()).toMatchObject({
          email,
          firstName: text,
          lastName: text,
          bio: text,
          tags: [text.slice(0, 50)],
          org: { uuid: orgUuid, name: text },
        });
        expect(await userRow(userUuid)).toMatchObject({
          first_name: text,
          last_name: text,
          bio: text,
        });
      }
    });

    it('updates names to such text and reads them back literally', async () => {
      const original = await orgRow(victimOrg);
      const originalUser = await userRow(victimUser);
      try {
        for (const text of nasty) {
          const org = await as('PUT', `/api/entity/organisation/${victimOrg}`, {
            name: text,
            region: text,
          });
          expect(org.statusCode).toBe(200);
          expect((await as('GET', `/api/entity/organisation/${victimOrg}`)).json()).toMatchObject({
            name: text,
            region: text,
          });
          const user = await as('PUT', `/api/entity/user/${victimUser}`, {
            lastName: text,
            position: text,
          });
          expect(user.statusCode).toBe(200);
          expect(await userRow(victimUser)).toMatchObject({ last_name: text, position: text });
        }
      } finally {
        await db()
          .updateTable('organisations')
          .set({ name: original?.name ?? 'Victim Org', region: null })
          .where('uuid', '=', victimOrg)
          .execute();
        await db()
          .updateTable('users')
          .set({ last_name: originalUser?.last_name ?? 'Victim', position: null })
          .where('uuid', '=', victimUser)
          .execute();
      }
    });

    it('treats such text in sign-in and look-ups as a plain value', async () => {
      for (const text of nasty) {
        const signin = await send(
          'POST',
          '/api/auth/basic',
          { json: { username: text, password: text } },
          false,
        );
        expect(signin.statusCode).toBe(401);
      }
      const orOne = await send(
        'POST',
        '/api/auth/basic',
        { json: { username: "' OR '1'='1", password: "' OR '1'='1" } },
        false,
      );
      expect(orOne.statusCode).toBe(401);
      const forgot = await send(
        'POST',
        '/api/entity/user/forgotpassword',
        { json: { email: "o'reilly--@bad-input.test" } },
        false,
      );
      expect(forgot.statusCode).toBe(404);
      expect(forgot.json()).toMatchObject({ message: "email doesn't exist" });
    });

    it('creates registries and devices with such names and returns them literally', async () => {
      for (const text of nasty) {
        const registry = await as('POST', '/api/v2/registry', { name: text, description: text });
        expect(registry.statusCode).toBe(201);
        const registryId = registry.json<{ id: number }>().id;
        const device = await as('POST', '/api/v2/device', {
          name: text,
          description: text,
          registryId,
          metadata: { note: text },
        });
        expect(device.statusCode).toBe(201);
        const deviceId = device.json<{ id: number }>().id;
        expect((await as('GET', `/api/v2/device/${deviceId}`)).json()).toMatchObject({
          name: text,
          description: text,
          metadata: { note: text },
          registry: { id: registryId, name: text },
        });
        // A search for the text is a search for the text.
        const found = await as('GET', `/api/v2/devices?search=${encodeURIComponent(text)}`);
        expect(found.json<{ items: { id: number }[] }>().items.map((d) => d.id)).toEqual([
          deviceId,
        ]);
        await db().deleteFrom('devices').where('id', '=', deviceId).execute();
        await db().deleteFrom('registries').where('id', '=', registryId).execute();
      }
    });

    it('leaves every table intact', async () => {
      expect(await count('users')).toBe(baseline.users + created.users);
      expect(await count('organisations')).toBe(baseline.organisations + created.organisations);
      for (const uuid of Object.values(world.users)) expect(await userRow(uuid)).toBeDefined();
      for (const uuid of Object.values(world.orgs)) expect(await orgRow(uuid)).toBeDefined();
      expect((await as('GET', '/api/entity/users')).statusCode).toBe(200);
      expect((await as('GET', '/api/entity/organisations')).statusCode).toBe(200);
    });
  });

  describe('the spec’s messages', () => {
    const as = (method: Method, url: string, json: Json) => send(method, url, { json }, true);
    const anon = (url: string, json: Json) => send('POST', url, { json }, false);

    it("refuses a website that is not a real http(s) URL: 400 'Not a valid URL'", async () => {
      const before = await fingerprint();
      for (const website of [
        'not a url',
        'ftp://example.com/file',
        'http://localhost',
        'javascript:alert(1)',
        'https://',
      ]) {
        const created = await as('POST', '/api/entity/organisation', {
          ...orgBody(world.orgs.alpha, `Web ${unique()}`),
          website,
        });
        expect([website, created.statusCode, created.json()]).toEqual([
          website,
          400,
          { statusCode: 400, error: 'Bad Request', message: 'Not a valid URL' },
        ]);
        const updated = await as('PUT', `/api/entity/organisation/${victimOrg}`, { website });
        expect([website, updated.statusCode, updated.json<{ message: string }>().message]).toEqual([
          website,
          400,
          'Not a valid URL',
        ]);
      }
      expect(await fingerprint()).toEqual(before);
    });

    it.each(['name', 'address', 'city', 'zip', 'country', 'parentUuid'])(
      'a new organisation without %s: 400 naming the field',
      async (field) => {
        const body = without(orgBody(world.orgs.alpha, `Missing ${unique()}`), field);
        const res = await as('POST', '/api/entity/organisation', body);
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toContain(`'${field}'`);
      },
    );

    it("refuses an e-mail already in use, in any case: 409 'E-mail is already assigned to a user account!'", async () => {
      const before = await fingerprint();
      for (const email of [
        'super@world.test',
        'SUPER@WORLD.TEST',
        'Manager.A@World.Test',
        'Victim@Bad-Input.Test',
      ]) {
        const res = await as('POST', '/api/entity/user', { email, orgUuid: world.orgs.beta });
        expect([email, res.statusCode, res.json()]).toEqual([
          email,
          409,
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'E-mail is already assigned to a user account!',
          },
        ]);
      }
      const update = await as('PUT', `/api/entity/user/${victimUser}`, {
        email: 'USER.B@world.test',
      });
      expect(update.statusCode).toBe(409);
      expect(update.json()).toMatchObject({
        message: 'E-mail is already assigned to a user account!',
      });
      expect(await fingerprint()).toEqual(before);
    });

    it('answers a reset for an unknown e-mail 404 "email doesn\'t exist"', async () => {
      const before = await fingerprint();
      const res = await anon('/api/entity/user/forgotpassword', { email: 'no-one@bad-input.test' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: "email doesn't exist",
      });
      expect(await fingerprint()).toEqual(before);
    });

    it.each(['/api/entity/user/forgotpassword/set', '/api/entity/user/confirm'])(
      '%s with an unknown token: 404 "user doesn\'t exist anymore"',
      async (url) => {
        const res = await anon(url, {
          token: `unknown-${unique()}`,
          newPassword: 'long-enough-password',
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: "user doesn't exist anymore",
        });
      },
    );

    it('checks new passwords with the spec’s messages, everywhere one is set', async () => {
      const before = await fingerprint();
      const rules: [string, string][] = [
        ['', 'Password cannot be empty!'],
        ['short', 'Password must contain at least 8 characters!'],
        ['1234567', 'Password must contain at least 8 characters!'],
      ];
      for (const [password, message] of rules) {
        const answers = [
          await anon('/api/entity/user/forgotpassword/set', {
            token: 'whatever',
            newPassword: password,
          }),
          await anon('/api/entity/user/confirm', { token: 'whatever', newPassword: password }),
          await as('POST', `/api/entity/user/${victimUser}/setpassword`, { newPassword: password }),
          await as('POST', `/api/entity/user/${world.users.super}/setpassword`, {
            oldPassword: PASSWORD,
            newPassword: password,
          }),
        ];
        for (const res of answers) {
          expect([password, res.statusCode, res.json()]).toEqual([
            password,
            400,
            { statusCode: 400, error: 'Bad Request', message },
          ]);
        }
      }
      expect(await fingerprint()).toEqual(before);
    });
  });

  it('accepts a privilege list up to the documented 2000 characters', async () => {
    const names = [
      'user.create',
      'user.list',
      'user.modify',
      'user.delete',
      'org.create',
      'org.list',
      'org.modify',
      'org.delete',
      'device.create',
      'device.list',
      'device.modify',
      'device.delete',
      'registry.list',
      'deviceType.list',
      'cloudfunction.list',
    ];
    const list = names.join('|');
    expect(list.length).toBeGreaterThan(100);
    const post = await send('POST', `/api/acl/test/${list}`, { json: {} }, true);
    expect(post.statusCode).toBe(200);
    expect(Object.keys(post.json<{ privileges: object }>().privileges).sort()).toEqual(
      [...names].sort(),
    );
    const get = await send(
      'GET',
      `/api/acl/test/${world.orgs.alpha}/${list}`,
      { none: true },
      true,
    );
    expect(get.statusCode).toBe(200);
  });

  it('POST /api/v1/ingest/{registryId}/{deviceId}: bad paths and bodies are a 4xx, stored nowhere', async () => {
    const registry = await db()
      .insertInto('registries')
      .values({ name: 'Bad input http', org_uuid: world.orgs.alpha, protocol: 'http' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const device = await db()
      .insertInto('devices')
      .values({ name: 'Bad input device', org_uuid: world.orgs.alpha, registry_id: registry.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { secret } = await apiTokenRepository(db()).create({
      label: 'bad input',
      type: 'device',
      reference: device.id,
      orgUuid: world.orgs.alpha,
      createdBy: world.users.super,
    });
    try {
      const ingest = (url: string, payload: string | Buffer, contentType = 'application/json') =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${secret}`, 'content-type': contentType },
          remoteAddress: nextAddress(),
          payload,
        });
      const good = `/api/v1/ingest/${registry.id}/${device.id}`;
      const cases: [string, () => ReturnType<typeof ingest>, number[]][] = [
        [
          'a registry id that is text',
          () => ingest(`/api/v1/ingest/abc/${device.id}`, '{}'),
          [400],
        ],
        ['a device id of 0', () => ingest(`/api/v1/ingest/${registry.id}/0`, '{}'), [400]],
        [
          'a device id beyond bigint',
          () => ingest(`/api/v1/ingest/${registry.id}/99999999999999999999`, '{}'),
          [400],
        ],
        ['an empty body', () => ingest(good, ''), [400]],
        ['a body over 256 KiB', () => ingest(good, 'x'.repeat(300 * 1024)), [413]],
      ];
      for (const [label, send, allowed] of cases) {
        const res = await send();
        expect([label, allowed.includes(res.statusCode)]).toEqual([label, true]);
        expect(res.json<{ statusCode: number; message: string }>()).toMatchObject({
          statusCode: res.statusCode,
          message: expect.any(String),
        });
      }
      // Broken JSON, a NUL character and bytes that are not UTF-8 are data: kept as the message
      // (base64 when PostgreSQL text cannot hold it), without points.
      for (const payload of [
        '{"a":',
        '{"a\u0000":1,"t":"x\u0000"}',
        Buffer.from([0xc3, 0x28, 0x00]),
      ]) {
        const res = await ingest(good, payload, 'text/plain');
        expect(res.statusCode).toBe(200);
      }
      const messages = await db()
        .selectFrom('messages')
        .select(['payload', 'payload_encoding'])
        .where('device_id', '=', device.id)
        .orderBy('id')
        .execute();
      expect(messages.map((m) => m.payload_encoding)).toEqual(['utf8', 'base64', 'base64']);
      const points = await db()
        .selectFrom('device_data')
        .selectAll()
        .where('device_id', '=', device.id)
        .execute();
      expect(points).toEqual([]);
    } finally {
      await deviceRepository(db()).delete(device.id);
      await db().deleteFrom('registries').where('id', '=', registry.id).execute();
    }
  });

  it('after the whole file, only the successful creates added rows', async () => {
    expect(created).toEqual({ users: 3, organisations: 3 });
    expect(await count('users')).toBe(baseline.users + created.users);
    expect(await count('organisations')).toBe(baseline.organisations + created.organisations);
    expect(await count('api_tokens')).toBe(0);
  });
});
