import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import { can, inScope, scopeList, subtree, type Actor } from '../access/access.ts';
import { json } from '../db/json.ts';
import type { OrganisationsTable } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import { countryCode } from '../lib/country.ts';
import { formatPhone } from '../lib/phone.ts';
import { organisationRepository } from '../repositories/organisation-repository.ts';
import { organisationView } from '../views/organisation-view.ts';
import type {
  DeviceTotal,
  Organisation,
  OrganisationCreate,
  OrganisationMetadata,
  OrganisationUpdate,
} from '../../contracts/organisation.ts';

/** The spec's rule: a website must be a real http(s) URL ('Not a valid URL'). */
function checkWebsite(website: string | null | undefined): void {
  if (!website) return;
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    throw new HttpError(400, 'Not a valid URL');
  }
  if (!['http:', 'https:'].includes(url.protocol) || !url.hostname.includes('.')) {
    throw new HttpError(400, 'Not a valid URL');
  }
}

/** The stored form of a country: its ISO code, whether the code or a name was sent. */
function storedCountry(country: string): string {
  const code = countryCode(country);
  if (!code) {
    throw new HttpError(
      400,
      `Unknown country: ${country.trim()}. Send its ISO 3166-1 alpha-2 code (such as DK) or its English or Danish name`,
    );
  }
  return code;
}

function checkTimeZone(timeZone: string | undefined): void {
  if (timeZone === undefined) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new HttpError(400, `Unknown time zone: ${timeZone}`);
  }
}

/** The columns an update sets: only the fields it carries. */
const updatedValues = (body: OrganisationUpdate): Updateable<OrganisationsTable> => ({
  ...(body.name !== undefined && { name: body.name.trim() }),
  ...(body.nickname !== undefined && { nickname: body.nickname }),
  ...(body.parentUuid !== undefined && { parent_uuid: body.parentUuid }),
  ...(body.address !== undefined && { address: body.address }),
  ...(body.zip !== undefined && { zip: body.zip }),
  ...(body.city !== undefined && { city: body.city }),
  ...(body.region !== undefined && { region: body.region }),
  ...(body.country !== undefined && { country: storedCountry(body.country) }),
  ...(body.website !== undefined && { website: body.website }),
  ...(body.taxNumber !== undefined && { tax_number: body.taxNumber }),
  ...(body.eanNumber !== undefined && { ean_number: body.eanNumber }),
  ...(body.phone !== undefined && { phone: formatPhone(body.phone) }),
  ...(body.timeZone !== undefined && { time_zone: body.timeZone }),
  ...(body.metadata !== undefined && { metadata: json(body.metadata) }),
});

/**
 * The rules of organisations: where one may be made or moved (never under
 * itself, never one's own), when one may go (empty, not one's own), and who
 * is told of a move. Routes guard and answer; the SQL is in the repository.
 */
export function organisationService(fastify: FastifyInstance) {
  const repo = organisationRepository(fastify.db);
  const load = async (uuid: string) => {
    const row = await repo.get(uuid);
    if (!row) throw new HttpError(404, 'Resource not found');
    return row;
  };
  const show = async (uuid: string): Promise<Organisation> => organisationView(await load(uuid));

  /** A parent the caller cannot see is answered exactly like one that does not exist. */
  const visibleParent = async (actor: Actor, uuid: string) => {
    if (!inScope(actor, uuid) || !(await repo.exists(uuid))) {
      throw new HttpError(400, 'The parent organisation does not exist');
    }
    return uuid;
  };

  return {
    /** The uuid when the organisation exists, for a guard (null: the guard answers 404). */
    existing: async (uuid: string) => ((await repo.exists(uuid)) ? uuid : null),

    visibleParent,

    get: show,

    /** The organisations in the caller's scope, or the direct children of one of them. */
    async list(actor: Actor, parent?: string): Promise<Organisation[]> {
      return (await repo.list(scopeList(actor), parent)).map(organisationView);
    },

    async create(body: OrganisationCreate): Promise<Organisation> {
      checkWebsite(body.website);
      checkTimeZone(body.timeZone);
      const country = storedCountry(body.country);
      const created = await repo.create({
        name: body.name.trim(),
        parent_uuid: body.parentUuid,
        address: body.address,
        zip: body.zip,
        city: body.city,
        country,
        nickname: body.nickname ?? null,
        region: body.region ?? null,
        website: body.website ?? null,
        tax_number: body.taxNumber ?? null,
        ean_number: body.eanNumber ?? null,
        phone: formatPhone(body.phone),
        ...(body.timeZone ? { time_zone: body.timeZone } : {}),
        metadata: json(body.metadata ?? {}),
      });
      return show(created.uuid);
    },

    async update(actor: Actor, uuid: string, body: OrganisationUpdate): Promise<Organisation> {
      const current = await load(uuid);
      checkWebsite(body.website);
      checkTimeZone(body.timeZone);
      const moved = body.parentUuid !== undefined && body.parentUuid !== current.parent_uuid;
      if (moved && body.parentUuid !== undefined) {
        if (current.uuid === actor.orgUuid)
          throw new HttpError(403, 'You cannot move your own organisation');
        if (!(await repo.exists(body.parentUuid)) || !inScope(actor, body.parentUuid)) {
          throw new HttpError(400, 'The parent organisation does not exist');
        }
        if ((await subtree(fastify.db, current.uuid)).includes(body.parentUuid)) {
          throw new HttpError(
            400,
            'An organisation cannot be placed under itself or its own sub-organisation',
          );
        }
      }
      await repo.update(current.uuid, updatedValues(body));
      // Managers above its old place no longer see it: their live feeds are checked again.
      if (moved) fastify.accessEvents.emit({ type: 'org.moved', orgUuid: current.uuid });
      return show(current.uuid);
    },

    /** Removes an empty organisation that is not the caller's own. */
    async remove(actor: Actor, uuid: string): Promise<void> {
      if (uuid === actor.orgUuid)
        throw new HttpError(409, 'You cannot delete your own organisation');
      const left = await repo.dependants(uuid);
      if (left.users > 0) throw new HttpError(409, 'Organisation still has users');
      if (left.children > 0) throw new HttpError(409, 'Organisation still has sub-organisations');
      if (left.resources > 0) {
        throw new HttpError(
          409,
          'Organisation still owns devices, registries, device types, functions, projects or collections',
        );
      }
      await repo.delete(uuid);
    },

    /** The devices of an organisation and its sub-organisations, in those the caller may list devices of. */
    async deviceTotal(actor: Actor, uuid: string): Promise<DeviceTotal> {
      const orgs = (await subtree(fastify.db, uuid)).filter((org) =>
        can(actor, 'device', 'list', org),
      );
      return { total: await repo.countDevices(orgs) };
    },

    async metadata(uuid: string): Promise<OrganisationMetadata> {
      const row = await load(uuid);
      return { uuid: row.uuid, metadata: row.metadata };
    },
  };
}
