import type {
  CloudFunctionRow,
  CloudFunctionSummaryRow,
} from '../repositories/cloud-function-repository.ts';
import type { CloudFunction, CloudFunctionSummary } from '../../contracts/cloud-function.ts';
import type { DataKey } from '../../contracts/list.ts';

export function cloudFunctionSummaryView(row: CloudFunctionSummaryRow): CloudFunctionSummary {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    type: row.type,
    org: { uuid: row.org_uuid, name: row.org_name },
    dataKeys: row.data_keys as DataKey[],
    metadata: row.metadata as CloudFunctionSummary['metadata'],
    dataType: row.data_type,
    codeSize: Number(row.code_size),
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
  };
}

export function cloudFunctionView(row: CloudFunctionRow): CloudFunction {
  return { ...cloudFunctionSummaryView(row), code: row.code };
}
