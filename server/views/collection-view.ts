import type { CollectionRow, PeriodRow } from '../repositories/collection-repository.ts';
import type { Collection, CollectionDevicePeriod } from '../../contracts/collection.ts';

export function collectionView(row: CollectionRow): Collection {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    state: row.state,
    endOfService: row.end_of_service,
    org: { uuid: row.org_uuid, name: row.org_name },
    project: row.project_id === null ? null : { id: row.project_id, name: row.project_title ?? '' },
    device: row.device_id === null ? null : { id: row.device_id, name: row.device_name ?? '' },
    deviceStartDate: row.device_start_date ? new Date(row.device_start_date).toISOString() : null,
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
  };
}

export function periodView(row: PeriodRow): CollectionDevicePeriod {
  return {
    device: { id: row.device_id, name: row.device_name },
    from: row.started_at.toISOString(),
    to: row.ended_at ? row.ended_at.toISOString() : null,
  };
}
