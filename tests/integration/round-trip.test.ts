import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../server/db/json.ts';
import { useWorldApp } from '../helpers/world-app.ts';
import type { WorldUser } from '../helpers/world.ts';

type Json = Record<string, unknown>;

/**
 * The API round trip (issue #13): a client reads an entity, changes one field
 * and sends the whole object back. Fields only the server sets (uuid, times,
 * status, counts, nested organisation and registry objects) are accepted and
 * ignored, even with another value; a field no shape has is refused by name.
 * API tokens have no update route (a token is made, used and deleted), so
 * they have nothing to send back.
 */
describe('API round trip', () => {
  const t = useWorldApp();
  const { as } = t;
  const unique = () => randomUUID().slice(0, 8);
  const stamp = '2001-02-03T04:05:06.000Z';

  const ok = async (res: Promise<LightMyRequestResponse>, status = 200): Promise<Json> => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(status);
    return answer.json<Json>();
  };
  const message = (res: LightMyRequestResponse) => res.json<{ message: string }>().message;

  interface Resource {
    name: string;
    who: WorldUser;
    /** Makes the entity; answers where to read it and where to send it back. */
    setUp: () => Promise<{ read: string; write: string }>;
    /** The text field the client changes, and a new value made with `tag`. */
    change: [field: string, value: (tag: string) => string];
    /** Read-only fields that follow the changed value. */
    derived?: (value: string) => Json;
    /** Read-only fields sent back with other values: they change nothing. */
    tampered: () => Json;
  }

  const beta = () => ({ uuid: t.world.orgs.beta, name: 'Beta' });

  const resources: Resource[] = [
    {
      name: 'registry',
      who: 'managerA',
      setUp: async () => {
        const { id } = await ok(
          as('managerA', 'POST', '/api/v2/registry', {
            name: `Registry ${unique()}`,
            description: 'Gates',
            protocol: 'http',
          }),
          201,
        );
        return { read: `/api/v2/registry/${String(id)}`, write: '/api/v2/registry' };
      },
      change: ['description', (tag) => `Gates and doors ${tag}`],
      tampered: () => ({
        uuid: randomUUID(),
        org: beta(),
        deviceCount: 41,
        created: stamp,
        modified: stamp,
      }),
    },
    {
      name: 'device type',
      who: 'managerA',
      setUp: async () => {
        const { id } = await ok(
          as('managerA', 'POST', '/api/v2/devicetype', {
            name: `Type ${unique()}`,
            metadata: { vendor: 'Acme' },
            decoderFunctionId: t.world.alphaThings.function.id,
            structure: [
              { key: 'countIn', name: 'Count in', type: 'int' },
              { key: 'label', name: 'Label', type: 'string', value: 'door' },
            ],
          }),
          201,
        );
        return { read: `/api/v2/devicetype/${String(id)}`, write: '/api/v2/devicetype' };
      },
      change: ['name', (tag) => `Renamed type ${tag}`],
      tampered: () => ({
        uuid: randomUUID(),
        org: beta(),
        decoderFunction: { id: t.world.betaThings.function.id, name: 'Beta decoder' },
        deviceCount: 12,
        created: stamp,
      }),
    },
    {
      name: 'cloud function',
      who: 'managerA',
      setUp: async () => {
        const { id } = await ok(
          as('managerA', 'POST', '/api/v2/cloudfunction', {
            name: `Function ${unique()}`,
            type: 'decoder',
            code: 'function main(input) { return input; }',
            dataKeys: [{ key: 'temperature', name: 'Temperature', type: 'value', unit: '°C' }],
            metadata: [{ key: 'offset', value: 2, default: 0 }],
            dataType: 'average',
          }),
          201,
        );
        return { read: `/api/v2/cloudfunction/${String(id)}`, write: '/api/v2/cloudfunction' };
      },
      change: ['code', (tag) => `function main(input) { return input; } // ${tag}`],
      derived: (code) => ({ codeSize: Buffer.byteLength(code) }),
      tampered: () => ({ uuid: randomUUID(), org: beta(), codeSize: 1, created: stamp }),
    },
    {
      name: 'device',
      who: 'managerA',
      setUp: async () => {
        const { id } = await ok(
          as('managerA', 'POST', '/api/v2/device', {
            name: `Device ${unique()}`,
            uniqueName: `rt-${unique()}`,
            address: 'Rådhuspladsen 1',
            lat: 55.6761,
            lng: 12.5683,
            locType: 'square',
            registryId: t.world.alphaThings.registry.id,
            deviceTypeId: t.world.alphaThings.deviceType.id,
            hardware: { model: 'Counter 2', cpuTemperature: 41.5 },
            dataKeys: [{ key: 'countIn', name: 'Count in', type: 'int', inherited: true }],
            syntheticKeys: [{ key: 'net', name: 'Net', expression: 'countIn - countOut' }],
            metadata: { co2: 400 },
            decoderFunctionIds: [t.world.alphaThings.function.id],
            mqttForward: {
              topic: 'out/counter',
              host: 'mqtt.example.com',
              user: 'forwarder',
              password: 'forward-secret-123',
            },
            calibrated: true,
            calibration: { type: 'count', value: 1, reminderMonths: 6, calibratedAt: '2026-09-01' },
            firmware: {
              version: '2.4.1',
              history: [{ version: '2.4.1', installedAt: '2026-06-01' }],
            },
          }),
          201,
        );
        return { read: `/api/v2/device/${String(id)}`, write: '/api/v2/device' };
      },
      change: ['address', (tag) => `Rådhuspladsen 2, ${tag}`],
      tampered: () => ({
        uuid: randomUUID(),
        org: beta(),
        status: 'green',
        registry: { id: t.world.betaThings.registry.id, name: 'Beta registry' },
        deviceType: null,
        project: { id: 1, name: 'Nowhere' },
        decoderFunctions: [],
        decoderPauses: [
          {
            function: { id: 1, name: 'x' },
            reason: 'made up',
            timeouts: 3,
            since: stamp,
            until: stamp,
          },
        ],
        lastDataAt: stamp,
        lastConnectionAt: stamp,
        created: stamp,
        mqttForward: {
          topic: 'out/counter',
          host: 'mqtt.example.com',
          user: 'forwarder',
          deviceIdField: null,
          wlHost: null,
          passwordSet: false,
        },
      }),
    },
    {
      name: 'organisation',
      who: 'managerA',
      setUp: async () => {
        const { uuid } = await ok(
          as('managerA', 'POST', '/api/entity/organisation', {
            name: `Org ${unique()}`,
            parentUuid: t.world.orgs.alpha,
            address: 'Vej 1',
            zip: '8000',
            city: 'Aarhus',
            country: 'Denmark',
            website: 'https://org.example',
          }),
          201,
        );
        const url = `/api/entity/organisation/${String(uuid)}`;
        return { read: url, write: url };
      },
      change: ['city', (tag) => `Aarhus ${tag}`],
      tampered: () => ({
        uuid: randomUUID(),
        parent: beta(),
        counts: { devices: 9, projects: 9, collections: 9 },
        created: stamp,
      }),
    },
    {
      name: 'user, as a manager, while the user is suspended',
      who: 'managerA',
      setUp: async () => {
        const email = `rt-${unique()}@world.test`;
        const { uuid } = await t.database.db
          .insertInto('users')
          .values({
            email,
            username: email,
            org_uuid: t.world.orgs.alphaNorth,
            group_id: 3,
            first_name: 'Rita',
            last_name: 'Round',
            tags: json(['night']),
            social: json({ github: 'https://github.com/rita' }),
            confirmed_at: new Date(),
            active: true,
            login_suspended_until: new Date(Date.now() + 60 * 60_000),
          })
          .returning('uuid')
          .executeTakeFirstOrThrow();
        const url = `/api/entity/user/${uuid}`;
        return { read: url, write: url };
      },
      change: ['firstName', (tag) => `Rita ${tag}`],
      tampered: () => ({
        uuid: randomUUID(),
        org: beta(),
        group: { id: 1, name: 'superuser' },
        role: 'superuser',
        privileges: ['everything'],
        confirmed: false,
        loginSuspendedUntil: null,
        lastSignIn: stamp,
        created: stamp,
      }),
    },
    {
      name: 'own record, as a user',
      who: 'userA',
      setUp: async () => ({
        read: '/api/auth/user',
        write: `/api/entity/user/${t.world.users.userA}`,
      }),
      change: ['bio', (tag) => `Counts people, ${tag}`],
      tampered: () => ({
        uuid: t.world.users.managerA,
        org: beta(),
        group: { id: 1, name: 'superuser' },
        internal: { settings: { sneaked: true } },
        created: stamp,
      }),
    },
    {
      name: 'branding, as a super user',
      who: 'super',
      setUp: async () => {
        // Injected requests are made to localhost: GET /branding answers its branding.
        await ok(
          as('super', 'PUT', '/api/branding/localhost', {
            title: 'Round trip',
            loginText: 'Welcome',
            url: 'https://brand.example',
            colors: { primary: '#112233' },
          }),
        );
        return { read: '/api/branding', write: '/api/branding/localhost' };
      },
      change: ['title', (tag) => `Round trip ${tag}`],
      tampered: () => ({ host: 'elsewhere.example', custom: false }),
    },
  ];

  describe.each(resources)('$name', (resource) => {
    const { who } = resource;
    let urls: { read: string; write: string };
    beforeAll(async () => {
      urls = await resource.setUp();
    });

    it('takes back what it read with one field changed, and keeps everything else', async () => {
      const before = await ok(as(who, 'GET', urls.read));
      const [field, make] = resource.change;
      const value = make(unique());
      const answer = await ok(as(who, 'PUT', urls.write, { ...before, [field]: value }));
      const after = await ok(as(who, 'GET', urls.read));
      expect(answer).toEqual(after);
      expect(after).toEqual({
        ...before,
        [field]: value,
        ...resource.derived?.(value),
        modified: after.modified,
      });
    });

    it('ignores read-only fields sent back with other values', async () => {
      const before = await ok(as(who, 'GET', urls.read));
      await ok(as(who, 'PUT', urls.write, { ...before, ...resource.tampered() }));
      const after = await ok(as(who, 'GET', urls.read));
      expect(after).toEqual({ ...before, modified: after.modified });
    });

    it('refuses an unknown field, naming it, and changes nothing', async () => {
      const before = await ok(as(who, 'GET', urls.read));
      const [field, make] = resource.change;
      const res = await as(who, 'PUT', urls.write, {
        ...before,
        [field]: make(unique()),
        colour: 'red',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(message(res)).toBe('body.colour is not a known field');
      expect(await ok(as(who, 'GET', urls.read))).toEqual(before);
    });
  });

  describe('the signed-in user’s own store', () => {
    const store = async () => (await ok(as('userA', 'GET', '/api/auth/user'))).internal as Json;
    const write = () => `/api/entity/user/${t.world.users.userA}/internal`;

    it('takes back the store it read with one setting changed, and keeps everything else', async () => {
      await ok(
        as('userA', 'PUT', write(), {
          settings: { language: 'da', theme: 'dark' },
          favourites: [{ id: 7, type: 'device', name: 'Door counter' }],
          dashboards: [{ id: 'main', name: 'Main', graphs: [] }],
        }),
      );
      const before = await store();
      const settings = before.settings as Json;
      await ok(
        as('userA', 'PUT', write(), { ...before, settings: { ...settings, theme: 'light' } }),
      );
      expect(await store()).toEqual({ ...before, settings: { ...settings, theme: 'light' } });
    });

    it('refuses an unknown part, naming it, and changes nothing', async () => {
      const before = await store();
      const res = await as('userA', 'PUT', write(), { ...before, colour: 'red' });
      expect(res.statusCode, res.body).toBe(400);
      expect(message(res)).toBe('body.colour is not a known field');
      expect(await store()).toEqual(before);
    });
  });

  describe('devices', () => {
    const create = async (body: Json) =>
      ok(as('managerA', 'POST', '/api/v2/device', { name: `Device ${unique()}`, ...body }), 201);

    it('refuses an unknown field inside a nested object by its path', async () => {
      const device = await create({});
      const res = await as('managerA', 'PUT', '/api/v2/device', {
        ...device,
        mqttForward: { topic: 'out', port: 1883 },
      });
      expect(res.statusCode).toBe(400);
      expect(message(res)).toBe('body.mqttForward.port is not a known field');
    });

    it('keeps the MQTT forward password when the forward it read is sent back', async () => {
      const device = await create({
        mqttForward: { host: 'mqtt.example.com', password: 'kept-secret-1' },
      });
      const answer = await ok(as('managerA', 'PUT', '/api/v2/device', device));
      expect(answer.mqttForward).toMatchObject({ passwordSet: true });
      const row = await t.database.db
        .selectFrom('devices')
        .select('mqtt_forward')
        .where('id', '=', Number(device.id))
        .executeTakeFirstOrThrow();
      expect(row.mqtt_forward).toMatchObject({ password: 'kept-secret-1' });
    });

    it('takes the spec’s long as lng, on create and on update, and shows lng', async () => {
      const device = await create({ calibrated: true, lat: 55.1, long: 12.1 });
      expect(device).toMatchObject({ lat: 55.1, lng: 12.1 });
      expect(device).not.toHaveProperty('long');
      const moved = await ok(
        as('managerA', 'PUT', '/api/v2/device', { id: device.id, long: 10.2 }),
      );
      expect(moved).toMatchObject({ lat: 55.1, lng: 10.2 });
      const same = await ok(
        as('managerA', 'PUT', '/api/v2/device', { id: device.id, lng: 10.3, long: 10.3 }),
      );
      expect(same).toMatchObject({ lng: 10.3 });
    });

    it('refuses long and lng that disagree, naming both', async () => {
      const device = await create({ calibrated: true, lat: 55.1, lng: 12.1 });
      for (const [method, body] of [
        ['POST', { name: 'Two longitudes', lng: 12.1, long: 12.2 }],
        ['PUT', { id: device.id, lng: 12.1, long: 12.2 }],
        ['PUT', { id: device.id, lng: null, long: 12.2 }],
      ] as const) {
        const res = await as('managerA', method, '/api/v2/device', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(message(res)).toBe('body.long and body.lng differ: send one of them');
      }
      const wrong = await as('managerA', 'PUT', '/api/v2/device', { id: device.id, long: 181 });
      expect(wrong.statusCode).toBe(400);
      expect(message(wrong)).toContain('body.long');
      expect(await ok(as('managerA', 'GET', `/api/v2/device/${String(device.id)}`))).toMatchObject({
        lng: 12.1,
      });
    });

    it('keeps the hidden location of an uncalibrated device it read as empty', async () => {
      const device = await create({
        address: 'Nørrebrogade 208',
        lat: 55.69,
        lng: 12.55,
        calibrated: false,
      });
      expect(device).toMatchObject({ address: null, lat: null, lng: null });
      await ok(as('managerA', 'PUT', '/api/v2/device', { ...device, name: 'Renamed' }));
      const calibrated = await ok(
        as('managerA', 'PUT', '/api/v2/device', { id: device.id, calibrated: true }),
      );
      expect(calibrated).toMatchObject({ address: 'Nørrebrogade 208', lat: 55.69, lng: 12.55 });
    });
  });

  describe('users', () => {
    it('keeps a suspension sent back as read, and refuses to suspend by hand', async () => {
      const email = `susp-${unique()}@world.test`;
      const until = new Date(Date.now() + 60 * 60_000);
      const add = (suspended: Date | null, address: string) =>
        t.database.db
          .insertInto('users')
          .values({
            email: address,
            username: address,
            org_uuid: t.world.orgs.alpha,
            group_id: 3,
            first_name: 'Sus',
            last_name: 'Pended',
            confirmed_at: new Date(),
            active: true,
            login_suspended_until: suspended,
          })
          .returning('uuid')
          .executeTakeFirstOrThrow();
      const suspended = await add(until, email);
      const url = `/api/entity/user/${suspended.uuid}`;
      const read = await ok(as('managerA', 'GET', url));
      expect(read).toMatchObject({ loginSuspended: true });
      const back = await ok(as('managerA', 'PUT', url, { ...read, lastName: 'Still' }));
      expect(back).toMatchObject({ loginSuspended: true, lastName: 'Still' });
      const row = await t.database.db
        .selectFrom('users')
        .select('login_suspended_until')
        .where('uuid', '=', suspended.uuid)
        .executeTakeFirstOrThrow();
      expect(row.login_suspended_until).toEqual(until);

      const free = await add(null, `free-${unique()}@world.test`);
      const res = await as('managerA', 'PUT', `/api/entity/user/${free.uuid}`, {
        loginSuspended: true,
      });
      expect(res.statusCode).toBe(400);
      expect(message(res)).toContain('body.loginSuspended');
    });
  });
});
