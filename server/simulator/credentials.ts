import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { demoCounters, profileOf } from '../demo/demo-counters.ts';
import { demoLogins } from '../demo/seed.ts';
import { apiTokenRepository } from '../repositories/api-token-repository.ts';
import { simulatorRepository } from '../repositories/simulator-repository.ts';
import type { SimulatedCounter } from './demo-simulator.ts';

export const SIMULATOR_TOKEN_LABEL = 'Demo simulator';

/**
 * The demo counters that still exist, each with a registry token to sign in
 * with. Only a token's hash is stored, so every start makes fresh registry
 * tokens and deletes the ones of earlier starts. Empty when no active super
 * user is left to own the tokens.
 */
export async function simulatorCounters(db: Kysely<DB>): Promise<SimulatedCounter[]> {
  const byName = new Map(demoCounters.map((c) => [c.uniqueName, c]));
  const sims = simulatorRepository(db);
  const devices = (await sims.findDevices([...byName.keys()])).filter((d) => d.protocol !== 'none');
  const owner = await sims.tokenOwner(demoLogins[0].email);
  if (!owner || devices.length === 0) return [];

  return db.transaction().execute(async (trx) => {
    const tokens = apiTokenRepository(trx);
    const registries = new Map(devices.map((d) => [d.registry_id, d.org_uuid]));
    await tokens.deleteLabelled(SIMULATOR_TOKEN_LABEL, 'registry', [...registries.keys()]);
    const secrets = new Map<number, string>();
    for (const [registryId, orgUuid] of registries) {
      const created = await tokens.create({
        label: SIMULATOR_TOKEN_LABEL,
        type: 'registry',
        reference: registryId,
        orgUuid,
        createdBy: owner.uuid,
      });
      secrets.set(registryId, created.secret);
    }
    return devices.flatMap((d) => {
      const counter = d.unique_name ? byName.get(d.unique_name) : undefined;
      const token = secrets.get(d.registry_id);
      if (!counter || !token) return [];
      return [
        {
          deviceId: d.id,
          registryId: d.registry_id,
          protocol: d.protocol === 'http' ? ('http' as const) : ('mqtt' as const),
          profile: profileOf(counter),
          token,
        },
      ];
    });
  });
}
