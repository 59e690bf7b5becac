import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../server/db/json.ts';
import type { LocationType } from '../../contracts/device.ts';
import type { DeviceStatus } from '../../server/db/types.ts';
import { useWorldApp } from '../helpers/world-app.ts';
import type { WorldUser } from '../helpers/world.ts';

/**
 * Registries, device types, cloud functions and devices (/api/v2): CRUD as an
 * account manager, validation, what users may do, cross-tenant refusals, the
 * links between them, and list paging, sorting, filtering and search.
 */
describe('device domain', () => {
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  interface Page<T> {
    items: T[];
    total: number;
    page: number;
    pageSize: number;
  }
  interface Entity {
    id: number;
    name: string;
    org: { uuid: string; name: string };
  }
  interface DeviceJson extends Entity {
    uniqueName: string | null;
    status: DeviceStatus;
    address: string | null;
    lat: number | null;
    lng: number | null;
    dataKeys: { key: string; inherited?: boolean }[];
    mqttForward: Record<string, unknown> | null;
  }

  const t = useWorldApp();
  const { as } = t;
  const unique = () => randomUUID().slice(0, 8);
  const db = () => t.database.db;

  const message = (res: LightMyRequestResponse) => res.json<{ message: string }>().message;
  const expectStatus = (res: LightMyRequestResponse, status: number) =>
    expect([res.statusCode, res.body]).toEqual([status, expect.anything()]);

  /** Creates through the API as managerA and returns the answer's body. */
  async function create<T = Entity>(kind: string, body: object, who: WorldUser = 'managerA') {
    const res = await as(who, 'POST', `/api/v2/${kind}`, body);
    expectStatus(res, 201);
    return res.json<T>();
  }

  describe('registries', () => {
    it('an account manager creates, reads, lists, updates and deletes one', async () => {
      const name = `Registry ${unique()}`;
      const created = await create('registry', { name, description: 'Counters', protocol: 'http' });
      expect(created).toMatchObject({
        name,
        description: 'Counters',
        protocol: 'http',
        region: 'europe',
        org: { uuid: t.world.orgs.alpha, name: 'Alpha' },
        deviceCount: 0,
      });
      const read = await as('managerA', 'GET', `/api/v2/registry/${created.id}`);
      expect(read.json()).toEqual(created);
      const readPlural = await as('managerA', 'GET', `/api/v2/registries/${created.id}`);
      expect(readPlural.json()).toEqual(created);
      const listed = await as(
        'managerA',
        'GET',
        `/api/v2/registries?search=${encodeURIComponent(name)}`,
      );
      expect(listed.json<Page<Entity>>().items.map((r) => r.id)).toEqual([created.id]);

      const updated = await as('managerA', 'PUT', '/api/v2/registry', {
        id: created.id,
        name: `${name} renamed`,
        description: null,
        protocol: 'none',
      });
      expectStatus(updated, 200);
      expect(updated.json()).toMatchObject({
        id: created.id,
        name: `${name} renamed`,
        description: null,
        protocol: 'none',
      });

      expect((await as('managerA', 'DELETE', `/api/v2/registry/${created.id}`)).json()).toEqual({
        ok: true,
      });
      expectStatus(await as('managerA', 'GET', `/api/v2/registry/${created.id}`), 404);
      expectStatus(await as('managerA', 'DELETE', `/api/v2/registry/${created.id}`), 404);
    });

    it('creates in a sub-organisation, and refuses an organisation the caller cannot see', async () => {
      const inNorth = await create('registry', {
        name: `North ${unique()}`,
        orgUuid: t.world.orgs.alphaNorth,
      });
      expect(inNorth.org).toEqual({ uuid: t.world.orgs.alphaNorth, name: 'Alpha North' });
      for (const orgUuid of [t.world.orgs.beta, t.world.orgs.platform, randomUUID()]) {
        const res = await as('managerA', 'POST', '/api/v2/registry', { name: 'Nope', orgUuid });
        expectStatus(res, 400);
        expect(message(res)).toBe('The organisation does not exist');
      }
      await as('managerA', 'DELETE', `/api/v2/registry/${inNorth.id}`);
    });

    it('validates the body with messages that name the field', async () => {
      const cases: [object, string][] = [
        [{}, 'name'],
        [{ name: '   ' }, 'name'],
        [{ name: 'x'.repeat(201) }, 'name'],
        [{ name: 'A', protocol: 'ftp' }, 'protocol'],
        [{ name: 'A', region: 'asia' }, 'region'],
        [{ name: 'A', orgUuid: 'not-a-uuid' }, 'orgUuid'],
        [{ name: 'A', colour: 'red' }, 'body.colour is not a known field'],
      ];
      for (const [body, field] of cases) {
        const res = await as('managerA', 'POST', '/api/v2/registry', body);
        expect([body, res.statusCode]).toEqual([body, 400]);
        expect(message(res)).toContain(field);
      }
      const noId = await as('managerA', 'PUT', '/api/v2/registry', { name: 'A' });
      expectStatus(noId, 400);
      expect(message(noId)).toContain('id');
      const badId = await as('managerA', 'GET', '/api/v2/registry/abc');
      expectStatus(badId, 400);
      expect(message(badId)).toContain('id');
    });

    it('refuses to delete a registry that still has devices (409), and keeps it', async () => {
      const res = await as(
        'managerA',
        'DELETE',
        `/api/v2/registry/${t.world.alphaThings.registry.id}`,
      );
      expectStatus(res, 409);
      expect(message(res)).toBe('The registry still has devices; move or delete them first');
      expectStatus(
        await as('managerA', 'GET', `/api/v2/registry/${t.world.alphaThings.registry.id}`),
        200,
      );
    });

    it('moves with changeparent, never away from the devices using it', async () => {
      const own = await create('registry', { name: `Movable ${unique()}` });
      const moved = await as('managerA', 'PUT', '/api/v2/registry', {
        id: own.id,
        orgUuid: t.world.orgs.alphaNorth,
      });
      expectStatus(moved, 200);
      expect(moved.json<Entity>().org.uuid).toBe(t.world.orgs.alphaNorth);
      const foreign = await as('managerA', 'PUT', '/api/v2/registry', {
        id: own.id,
        orgUuid: t.world.orgs.beta,
      });
      expectStatus(foreign, 400);
      expect(message(foreign)).toBe('The organisation does not exist');
      // The Alpha device uses Alpha's registry; under Alpha North it would use a sub-organisation's.
      const used = await as('managerA', 'PUT', '/api/v2/registry', {
        id: t.world.alphaThings.registry.id,
        orgUuid: t.world.orgs.alphaNorth,
      });
      expectStatus(used, 409);
      expect(message(used)).toBe('Devices outside the new organisation use this registry');
      await as('managerA', 'DELETE', `/api/v2/registry/${own.id}`);
    });

    it('filters by protocol and lists the devices of one registry', async () => {
      const http = await create('registry', { name: `HTTP ${unique()}`, protocol: 'http' });
      const res = await as('managerA', 'GET', '/api/v2/registries?protocol=http');
      expect(res.json<Page<Entity>>().items.map((r) => r.id)).toEqual([http.id]);
      const devices = await as(
        'managerA',
        'GET',
        `/api/v2/devices/${t.world.alphaThings.registry.id}`,
      );
      expectStatus(devices, 200);
      expect(devices.json<Page<Entity>>()).toMatchObject({
        items: [{ id: t.world.alphaThings.device.id }],
        total: 1,
      });
      expectStatus(
        await as('managerA', 'GET', `/api/v2/devices/${t.world.betaThings.registry.id}`),
        404,
      );
      expectStatus(await as('managerA', 'GET', '/api/v2/devices/999999'), 404);
      await as('managerA', 'DELETE', `/api/v2/registry/${http.id}`);
    });
  });

  describe('device types', () => {
    const structure = [
      { key: 'countIn', name: 'Count in', type: 'integer' },
      { key: 'battery', name: 'Battery', type: 'value', value: '%' },
    ];

    it('an account manager creates, reads, updates and deletes one', async () => {
      const name = `Type ${unique()}`;
      const created = await create<Entity & { decoderFunction: unknown }>('devicetype', {
        name,
        description: 'People counter',
        metadata: { manufacturer: 'Nordlys' },
        decoderFunctionId: t.world.alphaThings.function.id,
        structure,
      });
      expect(created).toMatchObject({
        name,
        description: 'People counter',
        org: { uuid: t.world.orgs.alpha },
        metadata: { manufacturer: 'Nordlys' },
        decoderFunction: { id: t.world.alphaThings.function.id, name: 'Alpha decoder' },
        structure,
        deviceCount: 0,
      });
      expect((await as('managerA', 'GET', `/api/v2/devicetype/${created.id}`)).json()).toEqual(
        created,
      );
      const updated = await as('managerA', 'PUT', '/api/v2/devicetype', {
        id: created.id,
        decoderFunctionId: null,
        structure: [],
      });
      expect(updated.json()).toMatchObject({ decoderFunction: null, structure: [] });
      expect((await as('managerA', 'DELETE', `/api/v2/devicetype/${created.id}`)).json()).toEqual({
        ok: true,
      });
      expectStatus(await as('managerA', 'GET', `/api/v2/devicetype/${created.id}`), 404);
    });

    it('validates the structure: known types, unique keys', async () => {
      const repeated = await as('managerA', 'POST', '/api/v2/devicetype', {
        name: 'Twice',
        structure: [structure[0], { ...structure[1], key: 'countIn' }],
      });
      expectStatus(repeated, 400);
      expect(message(repeated)).toBe('Structure keys must be unique: countIn');
      const badType = await as('managerA', 'POST', '/api/v2/devicetype', {
        name: 'Bad',
        structure: [{ key: 'a', name: 'A', type: 'float' }],
      });
      expectStatus(badType, 400);
      expect(message(badType)).toContain('structure');
      const badKey = await as('managerA', 'POST', '/api/v2/devicetype', {
        name: 'Bad',
        structure: [{ key: 'has space', name: 'A', type: 'value' }],
      });
      expectStatus(badKey, 400);
    });

    it('takes int as another name for integer, on types, devices and functions alike', async () => {
      const type = await create<Entity & { structure: { type: string }[] }>('devicetype', {
        name: `Int type ${unique()}`,
        structure: [{ key: 'count', name: 'Count', type: 'int' }],
      });
      expect(type.structure).toEqual([{ key: 'count', name: 'Count', type: 'integer' }]);
      const updated = await as('managerA', 'PUT', '/api/v2/devicetype', {
        id: type.id,
        structure: [{ key: 'other', name: 'Other', type: 'int' }],
      });
      expect(updated.json<{ structure: unknown[] }>().structure).toEqual([
        { key: 'other', name: 'Other', type: 'integer' },
      ]);
      const fn = await create<Entity & { dataKeys: { type?: string }[] }>('cloudfunction', {
        name: `Int function ${unique()}`,
        type: 'decoder',
        dataKeys: [{ key: 'count', type: 'int' }],
      });
      expect(fn.dataKeys.map((k) => k.type)).toEqual(['integer']);
      const device = await create<Entity & { dataKeys: { type?: string }[] }>('device', {
        name: `Int device ${unique()}`,
        dataKeys: [{ key: 'count', type: 'int' }],
      });
      expect(device.dataKeys.map((k) => k.type)).toEqual(['integer']);
      for (const [kind, id] of [
        ['device', device.id],
        ['cloudfunction', fn.id],
        ['devicetype', type.id],
      ] as const) {
        await as('managerA', 'DELETE', `/api/v2/${kind}/${id}`);
      }
    });

    it('refuses a decoder that is foreign, missing, not a decoder, or of a sub-organisation', async () => {
      const other = await create('cloudfunction', {
        name: `Outbound ${unique()}`,
        type: 'outbound',
      });
      for (const [decoderFunctionId, text] of [
        [t.world.betaThings.function.id, 'The decoder function does not exist'],
        [999_999, 'The decoder function does not exist'],
        [t.world.alphaNorthThings.function.id, 'The decoder function does not exist'],
        [other.id, `Function ${other.id} is not a decoder`],
      ] as const) {
        const res = await as('managerA', 'POST', '/api/v2/devicetype', {
          name: 'T',
          decoderFunctionId,
        });
        expect([decoderFunctionId, res.statusCode, message(res)]).toEqual([
          decoderFunctionId,
          400,
          text,
        ]);
      }
      // A sub-organisation may use its parent's decoder.
      const child = await create('devicetype', {
        name: `Child ${unique()}`,
        orgUuid: t.world.orgs.alphaNorth,
        decoderFunctionId: t.world.alphaThings.function.id,
      });
      await as('managerA', 'DELETE', `/api/v2/devicetype/${child.id}`);
      await as('managerA', 'DELETE', `/api/v2/cloudfunction/${other.id}`);
    });

    it('refuses to delete a device type devices have (409)', async () => {
      const res = await as(
        'managerA',
        'DELETE',
        `/api/v2/devicetype/${t.world.alphaThings.deviceType.id}`,
      );
      expectStatus(res, 409);
      expect(message(res)).toBe('Devices still have this device type; change or delete them first');
    });
  });

  describe('cloud functions', () => {
    it('an account manager creates, reads, updates and deletes one; lists leave the code out', async () => {
      const name = `Function ${unique()}`;
      const code = 'export default (payload) => ({ countIn: payload[0] });';
      const created = await create<Entity & { code: string }>('cloudfunction', {
        name,
        type: 'decoder',
        code,
        dataKeys: [{ key: 'countIn', name: 'Count in', unit: 'people' }],
        metadata: [{ key: 'threshold', value: 5, default: 10 }],
        dataType: 'average',
      });
      expect(created).toMatchObject({
        name,
        type: 'decoder',
        code,
        codeSize: Buffer.byteLength(code),
        dataKeys: [{ key: 'countIn', name: 'Count in', unit: 'people' }],
        metadata: [{ key: 'threshold', value: 5, default: 10 }],
        dataType: 'average',
        org: { uuid: t.world.orgs.alpha },
      });
      const list = await as(
        'managerA',
        'GET',
        `/api/v2/cloudfunctions?search=${encodeURIComponent(name)}`,
      );
      const [item] = list.json<Page<Record<string, unknown>>>().items;
      expect(item).toMatchObject({ id: created.id, codeSize: Buffer.byteLength(code) });
      expect(item).not.toHaveProperty('code');
      const updated = await as('managerA', 'PUT', '/api/v2/cloudfunction', {
        id: created.id,
        code: '',
        type: 'function',
      });
      expect(updated.json()).toMatchObject({ code: '', codeSize: 0, type: 'function' });
      const typed = await as('managerA', 'GET', '/api/v2/cloudfunctions?type=function');
      expect(typed.json<Page<Entity>>().items.map((f) => f.id)).toEqual([created.id]);
      expect(
        (await as('managerA', 'DELETE', `/api/v2/cloudfunction/${created.id}`)).json(),
      ).toEqual({ ok: true });
    });

    it('limits code to 256 KB and keeps keys unique', async () => {
      const tooLong = await as('managerA', 'POST', '/api/v2/cloudfunction', {
        name: 'Big',
        type: 'function',
        code: 'x'.repeat(256 * 1024 + 1),
      });
      expectStatus(tooLong, 400);
      expect(message(tooLong)).toContain('code');
      // Under the character limit, over the byte limit: æ is two bytes in UTF-8.
      const tooHeavy = await as('managerA', 'POST', '/api/v2/cloudfunction', {
        name: 'Heavy',
        type: 'function',
        code: 'æ'.repeat(200 * 1024),
      });
      expectStatus(tooHeavy, 400);
      expect(message(tooHeavy)).toBe('The code may not exceed 256 KB');
      const repeated = await as('managerA', 'POST', '/api/v2/cloudfunction', {
        name: 'Keys',
        type: 'function',
        metadata: [{ key: 'a' }, { key: 'a' }],
      });
      expect(message(repeated)).toBe('Metadata keys must be unique: a');
      const badType = await as('managerA', 'POST', '/api/v2/cloudfunction', {
        name: 'T',
        type: 'lambda',
      });
      expectStatus(badType, 400);
      expect(message(badType)).toContain('type');
    });

    it('refuses to delete or retype a function devices use (409)', async () => {
      const fn = await create('cloudfunction', { name: `Used ${unique()}`, type: 'decoder' });
      const device = await create('device', {
        name: `User of fn ${unique()}`,
        decoderFunctionIds: [fn.id],
      });
      const del = await as('managerA', 'DELETE', `/api/v2/cloudfunction/${fn.id}`);
      expectStatus(del, 409);
      expect(message(del)).toBe(
        'The function is still used by devices or device types; remove it from them first',
      );
      const retype = await as('managerA', 'PUT', '/api/v2/cloudfunction', {
        id: fn.id,
        type: 'outbound',
      });
      expectStatus(retype, 409);
      await as('managerA', 'DELETE', `/api/v2/device/${device.id}`);
      expect((await as('managerA', 'DELETE', `/api/v2/cloudfunction/${fn.id}`)).json()).toEqual({
        ok: true,
      });
    });
  });

  describe('devices', () => {
    const full = () => ({
      name: `Counter ${unique()}`,
      uniqueName: `cnt-${unique()}`,
      description: 'At the north entrance',
      address: 'Nørrebrogade 1, 2200 København N',
      lat: 55.6867,
      lng: 12.5701,
      locType: 'pedestrianstreet',
      registryId: t.world.alphaThings.registry.id,
      deviceTypeId: t.world.alphaThings.deviceType.id,
      availability: 'busy',
      communication: false,
      hardware: {
        model: 'PC-2',
        cellNumber: '+45 12 34 56 78',
        simId: '8945',
        simProvider: 'Telia',
        modemModel: 'Quectel BG95',
        modemImei: '356938035643809',
        memory: '512 MB',
        memoryModel: 'LPDDR4',
        adapter: 'Battery 3.6 V',
        wifiModule: 'none',
        cpuTemperature: 41.5,
      },
      dataKeys: [{ key: 'countIn', name: 'Count in', type: 'integer' }],
      syntheticKeys: [{ key: 'net', name: 'Net', expression: 'countIn - countOut' }],
      metadata: { co2: 400, note: 'by the door' },
      decoderFunctionIds: [t.world.alphaThings.function.id],
      mqttForward: {
        deviceIdField: 'id',
        topic: 'out/counter',
        host: 'mqtt.example.com',
        user: 'forwarder',
        password: 'forward-secret-123',
        wlHost: 'white.example.com',
      },
      calibrated: true,
      calibration: { type: 'count', value: 1, reminderMonths: 6, calibratedAt: '2026-09-01' },
      firmware: { version: '2.4.1', history: [{ version: '2.4.1', installedAt: '2026-06-01' }] },
    });

    it('an account manager creates one with every field and reads it back', async () => {
      const body = full();
      const res = await as('managerA', 'POST', '/api/v2/device', body);
      expectStatus(res, 201);
      const {
        mqttForward,
        decoderFunctionIds: _ids,
        registryId: _r,
        deviceTypeId: _t,
        ...rest
      } = body;
      const { password: _password, ...forward } = mqttForward;
      const device = res.json<DeviceJson>();
      // The organisation's time zone comes with the device: a chart of its data reads no more.
      const alpha = await as('managerA', 'GET', `/api/entity/organisation/${t.world.orgs.alpha}`);
      const { timeZone } = alpha.json<{ timeZone: string }>();
      expect(timeZone).toMatch(/\//);
      expect(device).toMatchObject({
        ...rest,
        org: { uuid: t.world.orgs.alpha, name: 'Alpha', timeZone },
        registry: { id: t.world.alphaThings.registry.id, name: 'Alpha registry' },
        deviceType: { id: t.world.alphaThings.deviceType.id, name: 'Alpha type' },
        project: null,
        status: 'none',
        decoderFunctions: [{ id: t.world.alphaThings.function.id, name: 'Alpha decoder' }],
        mqttForward: { ...forward, passwordSet: true },
        lastDataAt: null,
        lastConnectionAt: null,
      });
      expect((await as('managerA', 'GET', `/api/v2/device/${device.id}`)).json()).toEqual(device);
      await as('managerA', 'DELETE', `/api/v2/device/${device.id}`);
    });

    it('never returns the MQTT forward password, keeps it when left out, and clears it on null', async () => {
      const body = full();
      const device = await create<DeviceJson>('device', body);
      const secret = body.mqttForward.password;
      const row = () =>
        db()
          .selectFrom('devices')
          .select('mqtt_forward')
          .where('id', '=', device.id)
          .executeTakeFirstOrThrow();
      expect((await row()).mqtt_forward).toMatchObject({ password: secret });
      const reads = [
        await as('managerA', 'GET', `/api/v2/device/${device.id}`),
        await as('managerA', 'GET', '/api/v2/devices?pageSize=500'),
        await as('managerA', 'GET', `/api/v2/devices/${t.world.alphaThings.registry.id}`),
        await as('managerA', 'PUT', '/api/v2/device', {
          id: device.id,
          mqttForward: { topic: 'other/topic' },
        }),
      ];
      for (const res of reads) {
        expectStatus(res, 200);
        expect(res.body).not.toContain(secret);
        expect(res.body).not.toContain('"password"');
      }
      expect((await row()).mqtt_forward).toMatchObject({ topic: 'other/topic', password: secret });
      const cleared = await as('managerA', 'PUT', '/api/v2/device', {
        id: device.id,
        mqttForward: { topic: 'other/topic', password: null },
      });
      expect(cleared.json<DeviceJson>().mqttForward).toMatchObject({ passwordSet: false });
      const removed = await as('managerA', 'PUT', '/api/v2/device', {
        id: device.id,
        mqttForward: null,
      });
      expect(removed.json<DeviceJson>().mqttForward).toBeNull();
      await as('managerA', 'DELETE', `/api/v2/device/${device.id}`);
    });

    it('an uncalibrated device shows no location, in details and lists, until calibrated', async () => {
      const name = `Uncalibrated ${unique()}`;
      const device = await create<DeviceJson>('device', {
        name,
        address: 'Rådhuspladsen 1',
        lat: 55.6761,
        lng: 12.5683,
        calibrated: false,
      });
      expect(device).toMatchObject({ address: null, lat: null, lng: null, calibrated: false });
      const listed = await as(
        'managerA',
        'GET',
        `/api/v2/devices?search=${encodeURIComponent(name)}`,
      );
      expect(listed.json<Page<DeviceJson>>().items).toMatchObject([
        { address: null, lat: null, lng: null },
      ]);
      expect(listed.body).not.toContain('55.6761');
      // Stored all the same, and shown once the device is calibrated.
      const calibrated = await as('managerA', 'PUT', '/api/v2/device', {
        id: device.id,
        calibrated: true,
      });
      expect(calibrated.json()).toMatchObject({
        address: 'Rådhuspladsen 1',
        lat: 55.6761,
        lng: 12.5683,
      });
      await as('managerA', 'DELETE', `/api/v2/device/${device.id}`);
    });

    it('takes its data keys from its device type, and swaps them when the type changes', async () => {
      const typeA = await create('devicetype', {
        name: `Keys A ${unique()}`,
        structure: [{ key: 'countIn', name: 'Count in', type: 'integer' }],
      });
      const typeB = await create('devicetype', {
        name: `Keys B ${unique()}`,
        structure: [{ key: 'temperature', name: 'Temperature', type: 'value' }],
      });
      const device = await create<DeviceJson>('device', {
        name: `Keyed ${unique()}`,
        deviceTypeId: typeA.id,
      });
      expect(device.dataKeys).toEqual([
        { key: 'countIn', name: 'Count in', type: 'integer', inherited: true },
      ]);
      await as('managerA', 'PUT', '/api/v2/device', {
        id: device.id,
        dataKeys: [...device.dataKeys, { key: 'own', name: 'Own key' }],
      });
      const swapped = await as('managerA', 'PUT', '/api/v2/device', {
        id: device.id,
        deviceTypeId: typeB.id,
      });
      expect(swapped.json<DeviceJson>().dataKeys).toEqual([
        { key: 'temperature', name: 'Temperature', type: 'value', inherited: true },
        { key: 'own', name: 'Own key' },
      ]);
      await as('managerA', 'DELETE', `/api/v2/device/${device.id}`);
      await as('managerA', 'DELETE', `/api/v2/devicetype/${typeA.id}`);
      await as('managerA', 'DELETE', `/api/v2/devicetype/${typeB.id}`);
    });

    it('adds a new firmware version to the history', async () => {
      const device = await create('device', {
        name: `Firmware ${unique()}`,
        firmware: { version: '1.0.0' },
      });
      const res = await as('managerA', 'PUT', '/api/v2/device', {
        id: device.id,
        firmware: { version: '1.1.0' },
      });
      const firmware = res.json<{ firmware: { version: string; history: { version: string }[] } }>()
        .firmware;
      expect(firmware.version).toBe('1.1.0');
      expect(firmware.history.map((h) => h.version)).toEqual(['1.0.0', '1.1.0']);
      await as('managerA', 'DELETE', `/api/v2/device/${device.id}`);
    });

    it('keeps unique names unique, whatever their case (409)', async () => {
      const uniqueName = `dup-${unique()}`;
      const first = await create('device', { name: 'First', uniqueName });
      const again = await as('managerA', 'POST', '/api/v2/device', {
        name: 'Second',
        uniqueName: uniqueName.toUpperCase(),
      });
      expectStatus(again, 409);
      expect(message(again)).toBe('The unique name is already in use');
      const second = await create('device', { name: 'Second' });
      const rename = await as('managerA', 'PUT', '/api/v2/device', { id: second.id, uniqueName });
      expectStatus(rename, 409);
      // Its own unique name again is no conflict.
      expectStatus(
        await as('managerA', 'PUT', '/api/v2/device', { id: first.id, uniqueName }),
        200,
      );
      const badName = await as('managerA', 'POST', '/api/v2/device', {
        name: 'Bad',
        uniqueName: 'has space',
      });
      expectStatus(badName, 400);
      expect(message(badName)).toContain('uniqueName');
      await as('managerA', 'DELETE', `/api/v2/device/${first.id}`);
      await as('managerA', 'DELETE', `/api/v2/device/${second.id}`);
    });

    it('validates fields with messages that name them', async () => {
      const cases: [object, string][] = [
        [{}, 'name'],
        [{ name: 'A', lat: 91 }, 'lat'],
        [{ name: 'A', lng: '12.5' }, 'lng'],
        [{ name: 'A', locType: 'beach' }, 'locType'],
        [{ name: 'A', status: 'green' }, 'body.status is not a known field'],
        [{ name: 'A', availability: 'taken' }, 'availability'],
        [{ name: 'A', communication: 'allowed' }, 'communication'],
        [{ name: 'A', hardware: { flux: 'capacitor' } }, 'body.hardware.flux is not a known field'],
        [{ name: 'A', decoderFunctionIds: [1, 1] }, 'decoderFunctionIds'],
        [{ name: 'A', registryId: 0 }, 'registryId'],
        [{ name: 'A', calibration: { reminderMonths: 5 } }, 'calibration'],
        [{ name: 'A', mqttForward: { port: 1883 } }, 'body.mqttForward.port is not a known field'],
      ];
      for (const [body, field] of cases) {
        const res = await as('managerA', 'POST', '/api/v2/device', body);
        expect([body, res.statusCode]).toEqual([body, 400]);
        expect(message(res)).toContain(field);
      }
      const keys = await as('managerA', 'POST', '/api/v2/device', {
        name: 'A',
        dataKeys: [{ key: 'a' }, { key: 'a' }],
      });
      expect(message(keys)).toBe('Data keys must be unique: a');
    });

    it('links only to registries, types, projects and decoders in scope and in its organisation tree', async () => {
      const refusals: [object, string][] = [
        [{ registryId: t.world.betaThings.registry.id }, 'The registry does not exist'],
        [{ registryId: 999_999 }, 'The registry does not exist'],
        [{ deviceTypeId: t.world.betaThings.deviceType.id }, 'The device type does not exist'],
        [{ deviceTypeId: 999_999 }, 'The device type does not exist'],
        [
          { decoderFunctionIds: [t.world.betaThings.function.id] },
          'The decoder function does not exist',
        ],
        [{ decoderFunctionIds: [999_999] }, 'The decoder function does not exist'],
        [{ projectId: 999_999 }, 'The project does not exist'],
        // In scope, but a sub-organisation's: Alpha's device cannot use Alpha North's registry.
        [{ registryId: t.world.alphaNorthThings.registry.id }, 'The registry does not exist'],
      ];
      const before = await db().selectFrom('devices').select('id').execute();
      for (const [links, text] of refusals) {
        const res = await as('managerA', 'POST', '/api/v2/device', { name: 'Linked', ...links });
        expect([links, res.statusCode, message(res)]).toEqual([links, 400, text]);
        const update = await as('managerA', 'PUT', '/api/v2/device', {
          id: t.world.alphaThings.device.id,
          ...links,
        });
        expect([links, update.statusCode, message(update)]).toEqual([links, 400, text]);
      }
      expect(await db().selectFrom('devices').select('id').execute()).toEqual(before);
      // A sub-organisation's device may use its parent's things.
      const child = await create<DeviceJson>('device', {
        name: `Child ${unique()}`,
        orgUuid: t.world.orgs.alphaNorth,
        registryId: t.world.alphaThings.registry.id,
        deviceTypeId: t.world.alphaThings.deviceType.id,
        decoderFunctionIds: [t.world.alphaThings.function.id],
      });
      expect(child.org.uuid).toBe(t.world.orgs.alphaNorth);
      await as('managerA', 'DELETE', `/api/v2/device/${child.id}`);
    });

    it('links to a project of its organisation', async () => {
      const project = await db()
        .insertInto('projects')
        .values({
          title: 'Bylivsmåling',
          start_date: '2026-01-01',
          end_date: '2026-12-31',
          org_uuid: t.world.orgs.alpha,
          contact: json({}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const device = await create<DeviceJson>('device', {
        name: `Project ${unique()}`,
        projectId: project.id,
      });
      expect(device).toMatchObject({ project: { id: project.id, name: 'Bylivsmåling' } });
      const filtered = await as('managerA', 'GET', `/api/v2/devices?projectId=${project.id}`);
      expect(filtered.json<Page<Entity>>().items.map((d) => d.id)).toEqual([device.id]);
      await as('managerA', 'DELETE', `/api/v2/device/${device.id}`);
      await db().deleteFrom('projects').where('id', '=', project.id).execute();
    });

    it('moves between organisations with modify in both, and only with links that fit', async () => {
      const device = await create<DeviceJson>('device', {
        name: `Mover ${unique()}`,
        orgUuid: t.world.orgs.alphaNorth,
        registryId: t.world.alphaNorthThings.registry.id,
      });
      const blocked = await as('managerA', 'PUT', '/api/v2/device', {
        id: device.id,
        orgUuid: t.world.orgs.alpha,
      });
      expectStatus(blocked, 400);
      expect(message(blocked)).toBe('The registry is not available in the new organisation');
      const moved = await as('managerA', 'PUT', '/api/v2/device', {
        id: device.id,
        orgUuid: t.world.orgs.alpha,
        registryId: t.world.alphaThings.registry.id,
      });
      expectStatus(moved, 200);
      expect(moved.json()).toMatchObject({
        org: { uuid: t.world.orgs.alpha },
        registry: { id: t.world.alphaThings.registry.id },
      });
      const foreign = await as('managerA', 'PUT', '/api/v2/device', {
        id: device.id,
        orgUuid: t.world.orgs.beta,
      });
      expectStatus(foreign, 400);
      expect(message(foreign)).toBe('The organisation does not exist');
      await as('managerA', 'DELETE', `/api/v2/device/${device.id}`);
    });

    it('deletes a device with its pipeline and the API tokens bound to it', async () => {
      const device = await create('device', {
        name: `Doomed ${unique()}`,
        decoderFunctionIds: [t.world.alphaThings.function.id],
      });
      const token = await as('managerA', 'POST', '/api/generateToken', {
        label: 'doomed',
        type: 'device',
        reference: device.id,
      });
      expectStatus(token, 201);
      expect((await as('managerA', 'DELETE', `/api/v2/device/${device.id}`)).json()).toEqual({
        ok: true,
      });
      expect(
        await db()
          .selectFrom('device_functions')
          .selectAll()
          .where('device_id', '=', device.id)
          .execute(),
      ).toEqual([]);
      expect(
        await db().selectFrom('api_tokens').select('id').where('label', '=', 'doomed').execute(),
      ).toEqual([]);
    });
  });

  it("a deleted entity leaves every user's favourites, and the others stay in order", async () => {
    const registry = (
      await as('managerA', 'POST', '/api/v2/registry', {
        name: `Fav ${unique()}`,
        protocol: 'mqtt',
      })
    ).json<Entity>();
    const device = { type: 'sensor', id: 999_001, name: 'Kept device' };
    const gone = { type: 'registry', id: registry.id, name: registry.name };
    const org = { type: 'org', id: t.world.orgs.alpha, name: 'Alpha' };
    // Stored ids come as numbers or strings; both name the same entity.
    const goneAsText = { ...gone, id: String(registry.id) };
    for (const [who, favourites] of [
      ['managerA', [device, gone, org]],
      ['userA', [goneAsText, org]],
    ] as const) {
      const put = await as(who, 'PUT', `/api/entity/user/${t.world.users[who]}/internal`, {
        favourites,
      });
      expectStatus(put, 200);
    }
    expectStatus(await as('managerA', 'DELETE', `/api/v2/registry/${registry.id}`), 200);

    const stored = async (who: WorldUser) =>
      (await as(who, 'GET', '/api/auth/user')).json<{ internal: { favourites: unknown[] } }>()
        .internal.favourites;
    expect(await stored('managerA')).toEqual([device, org]);
    expect(await stored('userA')).toEqual([org]);
  });

  describe('what a user may do', () => {
    it('lists and reads everything in their organisation', async () => {
      for (const url of [
        '/api/v2/registries',
        '/api/v2/devicetypes',
        '/api/v2/cloudfunctions',
        '/api/v2/devices',
      ]) {
        const res = await as('userA', 'GET', url);
        expectStatus(res, 200);
        expect(res.json<Page<Entity>>().items.every((e) => e.org.uuid === t.world.orgs.alpha)).toBe(
          true,
        );
        expect(res.json<Page<Entity>>().total).toBe(1);
      }
      for (const url of [
        `/api/v2/registry/${t.world.alphaThings.registry.id}`,
        `/api/v2/devicetype/${t.world.alphaThings.deviceType.id}`,
        `/api/v2/cloudfunction/${t.world.alphaThings.function.id}`,
        `/api/v2/device/${t.world.alphaThings.device.id}`,
        `/api/v2/devices/${t.world.alphaThings.registry.id}`,
      ]) {
        expectStatus(await as('userA', 'GET', url), 200);
      }
    });

    it('may not create or delete anything (403), nor change registries, types or functions', async () => {
      const refused: [Method, string, object?][] = [
        ['POST', '/api/v2/registry', { name: 'By user' }],
        ['POST', '/api/v2/devicetype', { name: 'By user' }],
        ['POST', '/api/v2/cloudfunction', { name: 'By user', type: 'decoder' }],
        ['POST', '/api/v2/device', { name: 'By user' }],
        ['PUT', '/api/v2/registry', { id: t.world.alphaThings.registry.id, name: 'Hacked' }],
        ['PUT', '/api/v2/devicetype', { id: t.world.alphaThings.deviceType.id, name: 'Hacked' }],
        ['PUT', '/api/v2/cloudfunction', { id: t.world.alphaThings.function.id, name: 'Hacked' }],
        ['DELETE', `/api/v2/registry/${t.world.alphaThings.registry.id}`],
        ['DELETE', `/api/v2/devicetype/${t.world.alphaThings.deviceType.id}`],
        ['DELETE', `/api/v2/cloudfunction/${t.world.alphaThings.function.id}`],
        ['DELETE', `/api/v2/device/${t.world.alphaThings.device.id}`],
      ];
      const counts = async () =>
        Promise.all(
          (['registries', 'device_types', 'cloud_functions', 'devices'] as const).map((table) =>
            db().selectFrom(table).select(['id', 'name']).orderBy('id').execute(),
          ),
        );
      const before = await counts();
      for (const [method, url, body] of refused) {
        const res = await as('userA', method, url, body);
        expect([method, url, res.statusCode]).toEqual([method, url, 403]);
        expect(message(res)).not.toBe('');
      }
      expect(await counts()).toEqual(before);
    });

    it('re-saves a device whose links it cannot see (the parent organisation’s), but cannot set them', async () => {
      // userA1 works in Alpha North only; this device uses Alpha's registry and decoder.
      const device = await create<DeviceJson>('device', {
        name: `Inherited links ${unique()}`,
        orgUuid: t.world.orgs.alphaNorth,
        registryId: t.world.alphaThings.registry.id,
        decoderFunctionIds: [t.world.alphaThings.function.id],
      });
      const resave = await as('userA1', 'PUT', '/api/v2/device', {
        id: device.id,
        name: 'Renamed on site',
        registryId: t.world.alphaThings.registry.id,
        decoderFunctionIds: [t.world.alphaThings.function.id],
      });
      expectStatus(resave, 200);
      expect(resave.json()).toMatchObject({
        name: 'Renamed on site',
        registry: { id: t.world.alphaThings.registry.id },
        decoderFunctions: [{ id: t.world.alphaThings.function.id }],
      });
      const other = await as('managerA', 'PUT', '/api/v2/device', {
        id: device.id,
        registryId: t.world.alphaNorthThings.registry.id,
      });
      expectStatus(other, 200);
      // Choosing the parent's registry anew is choosing something userA1 cannot see.
      const choose = await as('userA1', 'PUT', '/api/v2/device', {
        id: device.id,
        registryId: t.world.alphaThings.registry.id,
      });
      expectStatus(choose, 400);
      expect(message(choose)).toBe('The registry does not exist');
      await as('managerA', 'DELETE', `/api/v2/device/${device.id}`);
    });

    it('operates devices: edits details and metadata, but does not move them', async () => {
      const id = t.world.alphaThings.device.id;
      const res = await as('userA', 'PUT', '/api/v2/device', {
        id,
        description: 'Checked on site',
        metadata: { humidity: 40 },
      });
      expectStatus(res, 200);
      expect(res.json()).toMatchObject({
        description: 'Checked on site',
        metadata: { humidity: 40 },
      });
      // Where a device stands is set by those who install it (device-map.test.ts has the rest).
      const moved = await as('userA', 'PUT', '/api/v2/device', { id, lat: 55.1, lng: 12.1 });
      expectStatus(moved, 403);
      await as('userA', 'PUT', '/api/v2/device', { id, description: null, metadata: {} });
    });
  });

  describe('other tenants', () => {
    it('never shows foreign entities in lists and answers them 404', async () => {
      const lists = ['registries', 'devicetypes', 'cloudfunctions', 'devices'];
      for (const list of lists) {
        const res = await as('managerB', 'GET', `/api/v2/${list}?pageSize=500`);
        const items = res.json<Page<Entity>>().items;
        expect(items.length).toBeGreaterThan(0);
        expect(items.every((e) => e.org.uuid === t.world.orgs.beta)).toBe(true);
        // Asking for a foreign organisation lists nothing rather than leaking it.
        const foreign = await as(
          'managerB',
          'GET',
          `/api/v2/${list}?orgUuid=${t.world.orgs.alpha}`,
        );
        expect(foreign.json()).toMatchObject({ items: [], total: 0 });
      }
      const a = t.world.alphaThings;
      for (const url of [
        `/api/v2/registry/${a.registry.id}`,
        `/api/v2/devicetype/${a.deviceType.id}`,
        `/api/v2/cloudfunction/${a.function.id}`,
        `/api/v2/device/${a.device.id}`,
        `/api/v2/devices/${a.registry.id}`,
      ]) {
        const res = await as('managerB', 'GET', url);
        expect([url, res.statusCode, message(res)]).toEqual([url, 404, 'Resource not found']);
      }
    });

    it('cannot change or delete foreign entities (404), and nothing changes', async () => {
      const a = t.world.alphaThings;
      const before = await db()
        .selectFrom('devices')
        .selectAll()
        .where('id', '=', a.device.id)
        .executeTakeFirst();
      for (const [method, url, body] of [
        ['PUT', '/api/v2/registry', { id: a.registry.id, name: 'Hacked' }],
        ['PUT', '/api/v2/devicetype', { id: a.deviceType.id, name: 'Hacked' }],
        ['PUT', '/api/v2/cloudfunction', { id: a.function.id, name: 'Hacked' }],
        ['PUT', '/api/v2/device', { id: a.device.id, name: 'Hacked' }],
        ['DELETE', `/api/v2/registry/${a.registry.id}`],
        ['DELETE', `/api/v2/devicetype/${a.deviceType.id}`],
        ['DELETE', `/api/v2/cloudfunction/${a.function.id}`],
        ['DELETE', `/api/v2/device/${a.device.id}`],
      ] as [Method, string, object?][]) {
        for (const who of ['managerB', 'userB', 'userA1'] as const) {
          const res = await as(who, method, url, body);
          expect([who, method, url, res.statusCode]).toEqual([who, method, url, 404]);
        }
      }
      expect(
        await db()
          .selectFrom('devices')
          .selectAll()
          .where('id', '=', a.device.id)
          .executeTakeFirst(),
      ).toEqual(before);
    });
  });

  describe('lists: paging, sorting, filtering, search', () => {
    let org: string;
    let registry: number;
    let deviceType: number;
    /** The 30 devices as made, for working out the expected answers. */
    let made: {
      id: number;
      name: string;
      unique_name: string | null;
      status: DeviceStatus;
      loc_type: LocationType;
      calibrated: boolean;
      communication: boolean;
      registry_id: number | null;
      device_type_id: number | null;
    }[];
    const statuses: DeviceStatus[] = ['green', 'yellow', 'red', 'none'];
    const locTypes: LocationType[] = ['park', 'road', 'square'];

    beforeAll(async () => {
      org = (
        await db()
          .insertInto('organisations')
          .values({
            name: 'Paging',
            parent_uuid: t.world.orgs.alpha,
            address: 'Vej 1',
            zip: '8000',
            city: 'Aarhus',
            country: 'Denmark',
          })
          .returning('uuid')
          .executeTakeFirstOrThrow()
      ).uuid;
      registry = (
        await db()
          .insertInto('registries')
          .values({ name: 'Paging registry', org_uuid: org })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      deviceType = (
        await db()
          .insertInto('device_types')
          .values({ name: 'Paging type', org_uuid: org })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      // Names in mixed case with repeats, so that ordering is case-insensitive and ties need the id.
      const rows = Array.from({ length: 30 }, (_, i) => ({
        name:
          i % 10 === 9
            ? 'Sensor twin'
            : `${i % 2 ? 'sensor' : 'Sensor'} ${String(i).padStart(2, '0')}`,
        unique_name: `paging-${String(i).padStart(2, '0')}`,
        org_uuid: org,
        status: statuses[i % 4] ?? 'none',
        loc_type: locTypes[i % 3] ?? 'park',
        calibrated: i % 2 === 0,
        communication: i % 5 !== 0,
        registry_id: i < 12 ? registry : null,
        device_type_id: i >= 20 ? deviceType : null,
      }));
      made = await db().insertInto('devices').values(rows).returningAll().execute();
    });

    const byNameThenId = (a: { name: string; id: number }, b: { name: string; id: number }) => {
      const x = a.name.toLowerCase();
      const y = b.name.toLowerCase();
      return x < y ? -1 : x > y ? 1 : a.id - b.id;
    };
    const list = async (query: string, who: WorldUser = 'managerA') => {
      const res = await as(who, 'GET', `/api/v2/devices?orgUuid=${org}&${query}`);
      expectStatus(res, 200);
      return res.json<Page<DeviceJson>>();
    };
    const pages = async (query: string, pageSize: number) => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const answer = await list(`${query}&page=${page}&pageSize=${pageSize}`);
        expect(answer).toMatchObject({ page, pageSize, total: made.length });
        if (answer.items.length === 0) break;
        ids.push(...answer.items.map((d) => d.id));
      }
      return ids;
    };

    it('pages through 30 devices sorted by name, case-insensitively, with the id breaking ties', async () => {
      const first = await list('page=1&pageSize=10');
      expect(first).toMatchObject({ total: 30, page: 1, pageSize: 10 });
      expect(first.items).toHaveLength(10);
      const expected = [...made].sort(byNameThenId).map((d) => d.id);
      expect(await pages('sort=name', 10)).toEqual(expected);
      expect(await pages('sort=name', 7)).toEqual(expected);
      expect(await pages('', 10)).toEqual(expected);
      const last = await list('page=4&pageSize=10');
      expect(last).toMatchObject({ items: [], total: 30 });
    });

    it('sorts descending as the exact reverse', async () => {
      const expected = [...made]
        .sort(byNameThenId)
        .reverse()
        .map((d) => d.id);
      expect(await pages('sort=-name', 10)).toEqual(expected);
    });

    it('sorts by other fields stably both ways (ties by id)', async () => {
      const order = { green: 0, none: 1, red: 2, yellow: 3 } as const;
      const asc = [...made]
        .sort((a, b) => order[a.status] - order[b.status] || a.id - b.id)
        .map((d) => d.id);
      expect(await pages('sort=status', 8)).toEqual(asc);
      expect(await pages('sort=-status', 8)).toEqual([...asc].reverse());
      const byUnique = [...made]
        .sort((a, b) => ((a.unique_name ?? '') < (b.unique_name ?? '') ? -1 : 1))
        .map((d) => d.id);
      expect(await pages('sort=uniqueName', 25)).toEqual(byUnique);
      expect(await pages('sort=-id', 30)).toEqual([...made].map((d) => d.id).sort((a, b) => b - a));
    });

    it('filters by status, location type, calibration, communication, registry and type', async () => {
      const count = (pred: (d: (typeof made)[number]) => boolean) => made.filter(pred).length;
      const cases: [string, number][] = [
        ['status=green', count((d) => d.status === 'green')],
        ['status=none', count((d) => d.status === 'none')],
        ['locType=road', count((d) => d.loc_type === 'road')],
        ['calibrated=true', count((d) => d.calibrated)],
        ['calibrated=false', count((d) => !d.calibrated)],
        ['communication=false', count((d) => !d.communication)],
        [`registryId=${registry}`, 12],
        [`deviceTypeId=${deviceType}`, 10],
        [
          `registryId=${registry}&status=red&locType=park`,
          count((d) => d.registry_id === registry && d.status === 'red' && d.loc_type === 'park'),
        ],
      ];
      for (const [query, total] of cases) {
        const answer = await list(`${query}&pageSize=500`);
        expect([query, answer.total, answer.items.length]).toEqual([query, total, total]);
      }
      const green = await list('status=green&pageSize=500');
      expect(green.items.every((d) => d.status === 'green')).toBe(true);
    });

    it('searches names and unique names, case-insensitively, anywhere in them', async () => {
      const names = (answer: Page<DeviceJson>) => answer.items.map((d) => d.name);
      const teens = await list('search=NSOR 1&pageSize=500');
      expect(teens.total).toBe(9);
      expect(names(teens).every((n) => /^sensor 1\d$/i.test(n))).toBe(true);
      expect((await list('search=twin')).total).toBe(3);
      expect((await list('search=%20twin%20%20')).total).toBe(3);
      expect((await list('search=paging-0')).total).toBe(10);
      expect((await list('search=PAGING-29')).items.map((d) => d.uniqueName)).toEqual([
        'paging-29',
      ]);
      // LIKE's wildcards are plain characters in a search.
      expect((await list('search=%25')).total).toBe(0);
      expect((await list('search=_')).total).toBe(0);
      expect((await list('search=sensor&status=yellow&sort=-name')).items.map((d) => d.id)).toEqual(
        made
          .filter((d) => d.status === 'yellow')
          .sort(byNameThenId)
          .reverse()
          .map((d) => d.id),
      );
    });

    it('refuses page sizes outside 1–500, pages below 1 and unknown sort fields', async () => {
      for (const query of [
        'pageSize=0',
        'pageSize=501',
        'page=0',
        'page=-1',
        'sort=password',
        'sort=-',
        'status=blue',
        'calibrated=maybe',
        `search=${'x'.repeat(101)}`,
      ]) {
        const res = await as('managerA', 'GET', `/api/v2/devices?${query}`);
        expect([query, res.statusCode]).toEqual([query, 400]);
        expect(message(res)).toContain('querystring');
      }
      expect((await list('pageSize=500')).items).toHaveLength(30);
    });

    it('a user of another organisation sees none of them', async () => {
      const res = await as('userA', 'GET', `/api/v2/devices?orgUuid=${org}`);
      expect(res.json()).toMatchObject({ items: [], total: 0 });
      const all = await as('userA', 'GET', '/api/v2/devices?search=paging');
      expect(all.json()).toMatchObject({ items: [], total: 0 });
    });

    it('pages registries, device types and functions the same way', async () => {
      const names = ['bravo', 'Alpha', 'charlie', 'alpha'];
      const made = [];
      for (const name of names)
        made.push(await create('registry', { name: `${name} list`, orgUuid: org }));
      const res = await as(
        'managerA',
        'GET',
        `/api/v2/registries?orgUuid=${org}&sort=name&pageSize=2&page=2`,
      );
      // Case-insensitive by name, equal names by id (Alpha was made before alpha).
      const all = await as('managerA', 'GET', `/api/v2/registries?orgUuid=${org}&sort=name`);
      const ordered = all.json<Page<Entity>>().items.map((r) => r.name);
      expect(ordered).toEqual([
        'Alpha list',
        'alpha list',
        'bravo list',
        'charlie list',
        'Paging registry',
      ]);
      expect(res.json<Page<Entity>>()).toMatchObject({
        total: 5,
        items: [{ name: 'bravo list' }, { name: 'charlie list' }],
      });
      const desc = await as('managerA', 'GET', `/api/v2/registries?orgUuid=${org}&sort=-name`);
      expect(desc.json<Page<Entity>>().items.map((r) => r.name)).toEqual([...ordered].reverse());
      for (const r of made) await as('managerA', 'DELETE', `/api/v2/registry/${r.id}`);
      const types = await as('managerA', 'GET', `/api/v2/devicetypes?orgUuid=${org}&search=PAGING`);
      expect(types.json()).toMatchObject({
        total: 1,
        items: [{ id: deviceType, deviceCount: 10 }],
      });
      const registries = await as('managerA', 'GET', `/api/v2/registries?orgUuid=${org}`);
      expect(registries.json()).toMatchObject({
        total: 1,
        items: [{ id: registry, deviceCount: 12 }],
      });
    });
  });
});
