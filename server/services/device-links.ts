import type { Kysely } from 'kysely';
import { inScope, type Actor } from '../access/access.ts';
import type { DB } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import { cloudFunctionRepository } from '../repositories/cloud-function-repository.ts';
import type { DeviceRow } from '../repositories/device-repository.ts';
import { deviceTypeRepository } from '../repositories/device-type-repository.ts';
import { orgTreeRepository } from '../repositories/org-tree-repository.ts';
import { registryRepository } from '../repositories/registry-repository.ts';

/** What a device (or a device type: its decoder) links to. */
export interface Links {
  registryId?: number | null;
  deviceTypeId?: number | null;
  projectId?: number | null;
  decoderFunctionIds?: readonly number[];
}

/**
 * The rule for links of devices and device types: they may link only to
 * registries, device types, projects and decoder functions of their own
 * organisation or those above it.
 */
export function linkChecks(db: Kysely<DB>) {
  const registries = registryRepository(db);
  const types = deviceTypeRepository(db);
  const functions = cloudFunctionRepository(db);
  const tree = orgTreeRepository(db);

  /**
   * Links the caller sets (`chosen`) must also be visible to them, and one
   * that is not is answered exactly like one that does not exist. Links a
   * moved entity keeps (`kept`) must still fit its new organisation.
   */
  async function check(actor: Actor, ownerOrg: string, chosen: Links, kept: Links) {
    const lineage = await tree.lineage(ownerOrg);
    const fits = (org: string | undefined, mustSee: boolean): boolean =>
      org !== undefined && lineage.includes(org) && (!mustSee || inScope(actor, org));
    const one = async (
      what: string,
      orgOf: (id: number) => Promise<string | undefined>,
      chosenId: number | null | undefined,
      keptId: number | null | undefined,
    ) => {
      if (chosenId != null && !fits(await orgOf(chosenId), true)) {
        throw new HttpError(400, `The ${what} does not exist`);
      }
      if (keptId != null && !fits(await orgOf(keptId), false)) {
        throw new HttpError(400, `The ${what} is not available in the new organisation`);
      }
    };
    await one('registry', registries.orgOf, chosen.registryId, kept.registryId);
    await one('device type', types.orgOf, chosen.deviceTypeId, kept.deviceTypeId);
    await one('project', tree.projectOrg, chosen.projectId, kept.projectId);

    const ids = [...(chosen.decoderFunctionIds ?? []), ...(kept.decoderFunctionIds ?? [])];
    const owners = await functions.owners(ids);
    for (const id of chosen.decoderFunctionIds ?? []) {
      const owner = owners.get(id);
      if (!fits(owner?.org, true)) throw new HttpError(400, 'The decoder function does not exist');
      if (owner?.type !== 'decoder') throw new HttpError(400, `Function ${id} is not a decoder`);
    }
    for (const id of kept.decoderFunctionIds ?? []) {
      if (!fits(owners.get(id)?.org, false)) {
        throw new HttpError(400, 'The decoder function is not available in the new organisation');
      }
    }
  }

  return { check };
}

/**
 * An update's links, split: those it changes (`chosen`, checked like a create's)
 * and those the device keeps, left out or sent again unchanged (`kept`: a form
 * sends every field back, and a link the caller cannot see, such as a parent
 * organisation's registry, stays valid; they are checked again only on a move).
 */
export function splitLinks(current: DeviceRow, body: Links): { chosen: Links; kept: Links } {
  const chosen: Links = {};
  const kept: Links = {};
  const one = (
    key: 'registryId' | 'deviceTypeId' | 'projectId',
    stored: number | null,
    sent: number | null | undefined,
  ) => {
    if (sent === undefined || sent === stored) kept[key] = stored;
    else chosen[key] = sent;
  };
  one('registryId', current.registry_id, body.registryId);
  one('deviceTypeId', current.device_type_id, body.deviceTypeId);
  one('projectId', current.project_id, body.projectId);
  const pipeline = current.decoder_functions.map((f) => f.id);
  const sent = body.decoderFunctionIds ?? pipeline;
  chosen.decoderFunctionIds = sent.filter((id) => !pipeline.includes(id));
  kept.decoderFunctionIds = sent.filter((id) => pipeline.includes(id));
  return { chosen, kept };
}
