import type { RegistryRow } from '../repositories/registry-repository.ts';
import type { Registry } from '../../contracts/registry.ts';

export function registryView(row: RegistryRow): Registry {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    protocol: row.protocol,
    region: row.region,
    org: { uuid: row.org_uuid, name: row.org_name },
    deviceCount: Number(row.device_count),
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
  };
}
