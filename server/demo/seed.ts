import type { Kysely } from 'kysely';
import type { DB, DeviceTypeKey, NewDevice } from '../db/types.ts';
import { hashPassword } from '../auth/password.ts';
import { json } from '../db/json.ts';
import { organisationRepository } from '../repositories/organisation-repository.ts';
import { userRepository } from '../repositories/user-repository.ts';
import { deviceRepository } from '../repositories/device-repository.ts';
import { demoCounters, type DemoCounter } from './demo-counters.ts';
import { seedDemoWorkspace } from './demo-workspace.ts';
import { seedDemoDashboards } from './demo-dashboards.ts';
import { seedDemoHistory } from './history.ts';

export const demoLogins = [
  { email: 'super@nordlys.example', group: 'super user' },
  { email: 'manager@nordlys.example', group: 'account manager' },
  { email: 'user@nordlys.example', group: 'user' },
] as const;

// The demo organisations are Danish, so their device type names its keys in Danish
// (key names are the organisation's own words, not translated by the console).
const peopleCounterKeys: DeviceTypeKey[] = [
  { key: 'countIn', name: 'Personer ind', type: 'integer' },
  { key: 'countOut', name: 'Personer ud', type: 'integer' },
  { key: 'battery', name: 'Batteri (%)', type: 'value' },
  { key: 'temperature', name: 'Temperatur (°C)', type: 'value' },
];

export interface SeedOptions {
  /** Days of past data for the counters, ending at `now` (0: none). */
  historyDays?: number;
  now?: Date;
}

/**
 * Creates the demo world in one transaction: an organisation tree, one user per
 * group, registries, a people-counting device type, devices at real places,
 * their history and a dashboard for each user. Returns false without touching anything when the database
 * already has data.
 */
export async function seedDemo(
  db: Kysely<DB>,
  password: string,
  options: SeedOptions = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const orgs = organisationRepository(trx);
    if ((await orgs.count()) > 0) return false;

    const passwordHash = await hashPassword(password);
    const platform = await orgs.create({
      name: 'Nordlys Platform',
      nickname: 'nordlys',
      parent_uuid: null,
      address: 'Sluseholmen 2',
      zip: '2450',
      city: 'København SV',
      country: 'DK',
      website: 'https://nordlys.example',
    });
    const copenhagen = await orgs.create({
      name: 'Københavns Byliv',
      nickname: 'byliv',
      parent_uuid: platform.uuid,
      address: 'Rådhuspladsen 1',
      zip: '1550',
      city: 'København V',
      region: 'Region Hovedstaden',
      country: 'DK',
    });
    const norrebro = await orgs.create({
      name: 'Byliv Nørrebro',
      nickname: 'byliv-norrebro',
      parent_uuid: copenhagen.uuid,
      address: 'Nørrebrogade 208',
      zip: '2200',
      city: 'København N',
      region: 'Region Hovedstaden',
      country: 'DK',
    });
    const aarhus = await orgs.create({
      name: 'Aarhus Trafiklab',
      nickname: 'trafiklab',
      parent_uuid: platform.uuid,
      address: 'Rådhuspladsen 2',
      zip: '8000',
      city: 'Aarhus C',
      region: 'Region Midtjylland',
      country: 'DK',
    });

    const users = userRepository(trx);
    const person = {
      active: true,
      password_hash: passwordHash,
      confirmed_at: new Date(),
      language: 'da' as const,
    };
    const superUser = await users.create({
      ...person,
      email: demoLogins[0].email,
      username: demoLogins[0].email,
      first_name: 'Sigrid',
      last_name: 'Nordlys',
      org_uuid: platform.uuid,
      group_id: 1,
      position: 'Platform operator',
    });
    const manager = await users.create({
      ...person,
      email: demoLogins[1].email,
      username: demoLogins[1].email,
      first_name: 'Mads',
      last_name: 'Holm',
      org_uuid: copenhagen.uuid,
      group_id: 2,
      position: 'Account manager',
    });
    const user = await users.create({
      ...person,
      email: demoLogins[2].email,
      username: demoLogins[2].email,
      first_name: 'Ida',
      last_name: 'Lund',
      org_uuid: copenhagen.uuid,
      group_id: 3,
      position: 'Operator',
    });

    const devices = deviceRepository(trx);
    const cphRegistry = await devices.createRegistry({
      name: 'København tællere',
      description: 'People counters in Copenhagen, over MQTT',
      protocol: 'mqtt',
      org_uuid: copenhagen.uuid,
    });
    const aarMqtt = await devices.createRegistry({
      name: 'Aarhus tællere',
      description: 'People counters in Aarhus, over MQTT',
      protocol: 'mqtt',
      org_uuid: aarhus.uuid,
    });
    const aarHttp = await devices.createRegistry({
      name: 'Aarhus HTTP',
      description: 'Counters that post over HTTP',
      protocol: 'http',
      org_uuid: aarhus.uuid,
    });
    const typeFor = (org: string) =>
      devices.createDeviceType({
        name: 'Persontæller PC-2',
        description: 'Bidirectional people counter with battery and temperature',
        org_uuid: org,
        metadata: json({ manufacturer: 'Nordlys Sense', model: 'PC-2' }),
        structure: json(peopleCounterKeys),
      });
    const cphType = await typeFor(copenhagen.uuid);
    const aarType = await typeFor(aarhus.uuid);

    const make = (counter: DemoCounter): NewDevice => {
      const { place, entrance } = counter;
      const inCopenhagen = counter.city === 'copenhagen';
      // Nørrebro places belong to the sub-organisation; Aarhus motorway and office counters post over HTTP.
      const org = inCopenhagen
        ? place.address.includes('2200')
          ? norrebro.uuid
          : copenhagen.uuid
        : aarhus.uuid;
      const registry = inCopenhagen
        ? cphRegistry.id
        : place.locType === 'motorway' || place.locType === 'office'
          ? aarHttp.id
          : aarMqtt.id;
      return {
        name: `${place.name} ${entrance}`,
        unique_name: counter.uniqueName,
        description: `People counter at ${place.name}, entrance ${entrance}`,
        address: place.address,
        // The two entrances of a place sit a few metres apart.
        lat: place.lat + (entrance === 'A' ? 0.00012 : -0.00012),
        lng: place.lng + (entrance === 'A' ? 0.0002 : -0.0002),
        loc_type: place.locType,
        org_uuid: org,
        registry_id: registry,
        device_type_id: inCopenhagen ? cphType.id : aarType.id,
        calibrated: true,
        calibration: json({
          type: 'count',
          value: 1,
          reminderMonths: 6,
          calibratedAt: '2026-09-01',
        }),
        data_keys: json(peopleCounterKeys.map((k) => ({ ...k, inherited: true }))),
        hardware: json({
          model: 'PC-2',
          simProvider: 'Telia',
          modemModel: 'Quectel BG95',
          memory: '512 MB',
          adapter: 'Battery 3.6 V',
          wifiModule: 'none',
        }),
        firmware: json({
          version: '2.4.1',
          history: [{ version: '2.4.1', installedAt: '2026-06-01' }],
        }),
      };
    };
    const created = await devices.createMany(demoCounters.map(make));
    await seedDemoDashboards(trx, [superUser, manager, user], created);
    await seedDemoWorkspace(trx, { copenhagen: copenhagen.uuid, aarhus: aarhus.uuid }, created);
    await seedDemoHistory(trx, options.historyDays ?? 0, options.now ?? new Date());
    return true;
  });
}
