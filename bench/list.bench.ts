import os from 'node:os';
import { sql } from 'kysely';
import type { Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { locationTypes } from '../contracts/device.ts';
import type { DeviceStatus } from '../server/db/types.ts';
import { deviceRepository, deviceSorts } from '../server/repositories/device-repository.ts';
import { parseSort } from '../server/repositories/list-query.ts';
import { searchRepository } from '../server/repositories/search-repository.ts';
import { forEachDatabase } from './setup.ts';
import { printTable } from './table.ts';

// List pages and search suggestions on a large device table, through the real
// repositories: a filtered, sorted page of 25 for an account manager (one
// customer organisation and its sub-organisations, a tenth of all devices) and
// for a super user (everything), and the global search box's prefix suggestions.
// PostgreSQL targets: page p99 ≤ 20 ms, suggestions p99 ≤ 10 ms (printed, never asserted).

const POSTGRES_DEVICES = 100_000;
// PGlite is single-threaded WebAssembly; a fifth of the rows keeps the run short.
const PGLITE_DEVICES = 20_000;
const RUNS = 300;
const WARM_UP = 30;
const BATCH = 10_000;
const CUSTOMERS = 10;
const SUB_ORGS = 4;

const places = [
  'Nørreport',
  'Strøget',
  'Amagertorv',
  'Vesterbro',
  'Østerbro',
  'Frederiksberg',
  'Valby',
  'Christianshavn',
  'Islands Brygge',
  'Nyhavn',
  'Kongens Nytorv',
  'Rådhuspladsen',
  'Aarhus C',
  'Aalborg',
  'Odense',
  'Esbjerg',
  'Roskilde',
  'Køge',
  'Helsingør',
  'Vejle',
  'Horsens',
  'Randers',
  'Kolding',
  'Silkeborg',
  'Herning',
  'Hillerød',
  'Holbæk',
  'Slagelse',
  'Næstved',
  'Svendborg',
];
const kinds = ['Counter', 'Sensor', 'Gate', 'Door', 'Bike lane', 'Crossing', 'Bridge', 'Square'];
const statuses: DeviceStatus[] = ['green', 'yellow', 'red', 'none'];
const prefixes = ['nø', 'st', 'ama', 'ves', 'co', 'sen', 'ga', 'bri', 'køg', 'aar', 'hel', 'x'];

/** A small deterministic generator, so every run measures the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface World {
  /** The account manager's organisations: a customer and its sub-organisations. */
  managerOrgs: string[];
  registryOfManager: number;
}

async function seed(database: Database, devices: number): Promise<World> {
  const { db } = database;
  await migrate(database);
  const org = (name: string, parent: string | null) =>
    db
      .insertInto('organisations')
      .values({ name, parent_uuid: parent })
      .returning('uuid')
      .executeTakeFirstOrThrow()
      .then((r) => r.uuid);
  const root = await org('Platform', null);
  const customers: string[][] = [];
  for (let c = 0; c < CUSTOMERS; c++) {
    const customer = await org(`Customer ${c}`, root);
    const subs: string[] = [];
    for (let s = 0; s < SUB_ORGS; s++) subs.push(await org(`Customer ${c} unit ${s}`, customer));
    customers.push([customer, ...subs]);
  }
  const orgs = customers.flat();
  const registries: number[] = [];
  const types: number[] = [];
  for (const [i, uuid] of orgs.entries()) {
    const registry = await db
      .insertInto('registries')
      .values({ name: `Registry ${i}`, org_uuid: uuid })
      .returning('id')
      .executeTakeFirstOrThrow();
    const type = await db
      .insertInto('device_types')
      .values({ name: `Type ${i}`, org_uuid: uuid })
      .returning('id')
      .executeTakeFirstOrThrow();
    registries.push(registry.id);
    types.push(type.id);
  }

  const next = random(42);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const start = Date.UTC(2024, 0, 1);
  for (let offset = 0; offset < devices; offset += BATCH) {
    const rows = Math.min(BATCH, devices - offset);
    const columns = {
      name: [] as string[],
      uniqueName: [] as string[],
      org: [] as string[],
      registry: [] as number[],
      type: [] as number[],
      status: [] as string[],
      locType: [] as string[],
      calibrated: [] as boolean[],
      lat: [] as number[],
      lng: [] as number[],
      created: [] as string[],
    };
    for (let i = offset; i < offset + rows; i++) {
      const o = Math.floor(next() * orgs.length);
      columns.name.push(
        `${pick(places)} ${pick(kinds)} ${String.fromCharCode(65 + (i % 26))}${i % 97}`,
      );
      columns.uniqueName.push(`dev-${String(i).padStart(6, '0')}`);
      columns.org.push(orgs[o] ?? root);
      columns.registry.push(registries[o] ?? 0);
      columns.type.push(types[o] ?? 0);
      columns.status.push(pick(statuses));
      columns.locType.push(pick(locationTypes));
      columns.calibrated.push(next() < 0.8);
      columns.lat.push(54.5 + next() * 3);
      columns.lng.push(8 + next() * 4.5);
      columns.created.push(new Date(start + i * 60_000).toISOString());
    }
    await sql`
      insert into devices (name, unique_name, org_uuid, registry_id, device_type_id, status,
        loc_type, calibrated, lat, lng, created_at)
      select * from unnest(${columns.name}::text[], ${columns.uniqueName}::text[],
        ${columns.org}::uuid[], ${columns.registry}::bigint[], ${columns.type}::bigint[],
        ${columns.status}::text[], ${columns.locType}::text[], ${columns.calibrated}::bool[],
        ${columns.lat}::float8[], ${columns.lng}::float8[], ${columns.created}::timestamptz[])`.execute(
      db,
    );
  }
  // Autovacuum would do this soon after a bulk load; measure the steady state.
  await sql`vacuum analyze`.execute(db);
  const managerOrgs = customers[0] ?? [];
  return { managerOrgs, registryOfManager: registries[0] ?? 0 };
}

/** p50 and p99 of `run`, in milliseconds, after a warm-up. */
async function measure(run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const began = performance.now();
    await run(i);
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

async function bench(label: string, database: Database, devices: number) {
  const world = await seed(database, devices);
  const repo = deviceRepository(database.db);
  const search = searchRepository(database.db);
  const all = new Set(['projects', 'devices', 'collections', 'users', 'orgs'] as const);
  const page = (i: number) => ({ page: 1 + (i % 20), pageSize: 25 });
  const cases: [string, (i: number) => Promise<unknown>][] = [
    [
      'page: manager, status + calibrated, by name',
      (i) =>
        repo.list(
          { orgs: world.managerOrgs, status: statuses[i % 4], calibrated: true },
          parseSort('name', deviceSorts, 'name'),
          page(i),
        ),
    ],
    [
      'page: manager, one registry, by -name',
      (i) =>
        repo.list(
          { orgs: world.managerOrgs, registryId: world.registryOfManager },
          parseSort('-name', deviceSorts, 'name'),
          page(i),
        ),
    ],
    [
      'page: manager, search "counter", by name',
      (i) =>
        repo.list(
          { orgs: world.managerOrgs, search: 'counter' },
          parseSort('name', deviceSorts, 'name'),
          page(i),
        ),
    ],
    [
      'page: user (one organisation), location type, by -name',
      (i) =>
        repo.list(
          { orgs: world.managerOrgs.slice(1, 2), locType: locationTypes[i % 10] },
          parseSort('-name', deviceSorts, 'name'),
          { page: 1 + (i % 3), pageSize: 25 },
        ),
    ],
    [
      'page: super user, status, by -created',
      (i) =>
        repo.list(
          { orgs: null, status: statuses[i % 4] },
          parseSort('-created', deviceSorts, 'name'),
          page(i),
        ),
    ],
    [
      'page: super user, all, by name',
      (i) => repo.list({ orgs: null }, parseSort('name', deviceSorts, 'name'), page(i)),
    ],
    [
      'suggestions: manager',
      (i) => search.suggest(prefixes[i % prefixes.length] ?? 'a', world.managerOrgs, all, 5),
    ],
    [
      'suggestions: super user',
      (i) => search.suggest(prefixes[i % prefixes.length] ?? 'a', null, all, 5),
    ],
  ];
  const rows: Record<string, string | number>[] = [];
  for (const [name, run] of cases) {
    const { p50, p99 } = await measure(run);
    rows.push({
      database: label,
      devices,
      query: name,
      runs: RUNS,
      'p50 ms': p50.toFixed(2),
      'p99 ms': p99.toFixed(2),
    });
  }
  return rows;
}

const results = (
  await forEachDatabase('nordlys_bench_list', (database, label) =>
    bench(label, database, label === 'PostgreSQL' ? POSTGRES_DEVICES : PGLITE_DEVICES),
  )
).flat();

process.stdout.write(
  `Device list pages (25 rows + total) and search suggestions (5 per group), ${RUNS} runs each, ` +
    `on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}). ` +
    `Targets on PostgreSQL: page p99 ≤ 20 ms, suggestions p99 ≤ 10 ms. ` +
    `PGlite holds ${PGLITE_DEVICES.toLocaleString('en-US')} devices, PostgreSQL ${POSTGRES_DEVICES.toLocaleString('en-US')}.\n`,
);
printTable(results);
