import type { TokenRow } from '../repositories/api-token-repository.ts';
import type { ApiToken } from '../../contracts/token.ts';

/** An API token as the API shows it: never its secret; what it serves by id and by name. */
export function tokenView(row: TokenRow): ApiToken {
  return {
    id: row.id,
    uuid: row.uuid,
    label: row.label,
    type: row.type,
    reference: row.reference,
    referenceName: row.reference_name,
    orgUuid: row.org_uuid,
    created: row.created_at.toISOString(),
    createdBy: row.created_by
      ? {
          uuid: row.created_by,
          name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
          email: row.email ?? '',
        }
      : null,
    calls: row.calls,
    lastCall: row.last_call_at ? row.last_call_at.toISOString() : null,
  };
}
