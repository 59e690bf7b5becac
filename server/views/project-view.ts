import type { ProjectRow } from '../repositories/project-repository.ts';
import type { Project, ProjectContact } from '../../contracts/project.ts';

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The stored contact (a JSON object) with every field present. */
export function contactOf(stored: Record<string, unknown>): ProjectContact {
  return {
    firstName: textOf(stored.firstName),
    lastName: textOf(stored.lastName),
    email: textOf(stored.email),
    phone: textOf(stored.phone),
  };
}

export function projectView(row: ProjectRow): Project {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    name: row.title,
    description: row.description,
    startDate: row.start_date,
    endDate: row.end_date,
    contact: contactOf(row.contact),
    org: { uuid: row.org_uuid, name: row.org_name },
    deviceCount: Number(row.device_count),
    collectionCount: Number(row.collection_count),
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
  };
}
