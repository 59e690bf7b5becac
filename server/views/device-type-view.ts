import type { DeviceTypeRow } from '../repositories/device-type-repository.ts';
import type { DeviceType } from '../../contracts/device-type.ts';

export function deviceTypeView(row: DeviceTypeRow): DeviceType {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    org: { uuid: row.org_uuid, name: row.org_name },
    metadata: row.metadata,
    decoderFunction:
      row.decoder_function_id !== null
        ? { id: row.decoder_function_id, name: row.decoder_function_name ?? '' }
        : null,
    structure: row.structure,
    deviceCount: Number(row.device_count),
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
  };
}
