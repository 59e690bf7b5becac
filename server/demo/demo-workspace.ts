import type { Kysely } from 'kysely';
import { json } from '../db/json.ts';
import type { DB, Device } from '../db/types.ts';

/**
 * The demo's projects and data collections (docs/workspace.md): a summer
 * count along Copenhagen's harbour with a collection per place, each measured
 * by the place's entrance A since the project began, and a project of the
 * Aarhus organisation without collections yet. Organisations are the
 * demo's; devices are found by name among those the demo made.
 */
export async function seedDemoWorkspace(
  db: Kysely<DB>,
  orgs: { copenhagen: string; aarhus: string },
  devices: readonly Device[],
): Promise<void> {
  const harbour = await db
    .insertInto('projects')
    .values({
      title: 'Havneløbet 2026',
      description: 'Fodgængere og cyklister langs havnen fra forår til efterår',
      start_date: '2026-04-01',
      end_date: '2026-10-31',
      org_uuid: orgs.copenhagen,
      contact: json({
        firstName: 'Mette',
        lastName: 'Kjær',
        email: 'mette.kjaer@nordlys.example',
        phone: '+45 33 66 33 66',
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('projects')
    .values({
      title: 'Aarhus midtby vinter',
      description: 'Tællinger i gågaderne i vintersæsonen',
      start_date: '2026-11-01',
      end_date: '2027-02-28',
      org_uuid: orgs.aarhus,
      contact: json({ firstName: 'Jonas', lastName: 'Bech', email: null, phone: null }),
    })
    .execute();

  const since = new Date('2026-04-01T06:00:00Z');
  for (const place of ['Nyhavn', 'Knippelsbro', 'Islands Brygge']) {
    const device = devices.find((d) => d.name === `${place} A`);
    const collection = await db
      .insertInto('data_collections')
      .values({
        name: `Havneløbet – ${place}`,
        description: `Passager ved ${place}`,
        org_uuid: orgs.copenhagen,
        project_id: harbour.id,
        end_of_service: '2026-10-31',
        ...(device ? { device_id: device.id, device_start_date: since } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (device)
      await db
        .insertInto('collection_devices')
        .values({ collection_id: collection.id, device_id: device.id, started_at: since })
        .execute();
  }
}
