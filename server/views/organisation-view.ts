import { countryCode } from '../lib/country.ts';
import type { OrganisationRow } from '../repositories/organisation-repository.ts';
import type { Organisation } from '../../contracts/organisation.ts';

/** An organisation as the API shows it. */
export function organisationView(row: OrganisationRow): Organisation {
  return {
    uuid: row.uuid,
    name: row.name,
    nickname: row.nickname,
    parent: row.parent_uuid ? { uuid: row.parent_uuid, name: row.parent_name ?? '' } : null,
    address: row.address,
    zip: row.zip,
    city: row.city,
    region: row.region,
    // A country stored as a name before codes were kept reads as its code too.
    country: row.country === null ? null : (countryCode(row.country) ?? row.country),
    website: row.website,
    taxNumber: row.tax_number,
    eanNumber: row.ean_number,
    phone: row.phone,
    timeZone: row.time_zone,
    counts: {
      devices: row.device_count,
      projects: row.project_count,
      collections: row.collection_count,
    },
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
  };
}
