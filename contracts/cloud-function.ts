import { Type, type Static } from 'typebox';
import { Nullable, Text, Timestamp, Uuid } from './common.ts';
import {
  DataKey,
  DataKeyInput,
  Description,
  EntityId,
  EntityName,
  listQuery,
  OrgRef,
} from './list.ts';
import { acceptReadOnly } from './read-only.ts';

/** Code may be at most 256 KB (checked in bytes by the route; this bounds the characters). */
export const CODE_LIMIT_BYTES = 256 * 1024;

export const functionTypes = ['decoder', 'external', 'function', 'inbound', 'outbound'] as const;
export const FunctionType = Type.Enum(functionTypes);
export type FunctionType = Static<typeof FunctionType>;
/** How a function's output is kept: every point, or an average. */
export const dataTypes = ['timeseries', 'average'] as const;
export const DataType = Type.Enum(dataTypes);
export type DataType = Static<typeof DataType>;

export const cloudFunctionSortFields = ['id', 'name', 'type', 'created', 'modified'] as const;

/** A metadata value or default may be at most this long when it is text. */
export const METADATA_TEXT_MAX = 2000;
const Scalar = Type.Union([Text(METADATA_TEXT_MAX), Type.Number(), Type.Boolean(), Type.Null()]);
export type Scalar = Static<typeof Scalar>;
export const METADATA_KEY_MAX = 100;
/** One metadata entry: a key with its value and default (spec §3). */
export const MetadataEntryInput = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: METADATA_KEY_MAX, pattern: '\\S' }),
    value: Type.Optional(Scalar),
    default: Type.Optional(Scalar),
  },
  { additionalProperties: false },
);

/** A function has at most this many data keys, and as many metadata entries. */
export const FUNCTION_ROWS_MAX = 200;

const fields = {
  name: EntityName,
  description: Description,
  code: Type.String({ maxLength: CODE_LIMIT_BYTES }),
  type: FunctionType,
  orgUuid: Uuid,
  dataKeys: Type.Array(DataKeyInput, { maxItems: FUNCTION_ROWS_MAX }),
  metadata: Type.Array(MetadataEntryInput, { maxItems: FUNCTION_ROWS_MAX }),
  dataType: DataType,
};

export const CloudFunctionCreate = Type.Object(
  {
    name: fields.name,
    type: fields.type,
    description: Type.Optional(fields.description),
    code: Type.Optional(fields.code),
    orgUuid: Type.Optional(fields.orgUuid),
    dataKeys: Type.Optional(fields.dataKeys),
    metadata: Type.Optional(fields.metadata),
    dataType: Type.Optional(fields.dataType),
  },
  { additionalProperties: false },
);
export type CloudFunctionCreate = Static<typeof CloudFunctionCreate>;

export const CloudFunctionListQuery = Type.Object({
  ...listQuery(cloudFunctionSortFields),
  type: Type.Optional(FunctionType),
});
export type CloudFunctionListQuery = Static<typeof CloudFunctionListQuery>;

const MetadataEntry = Type.Object({
  key: Type.String(),
  value: Type.Optional(Type.Unknown()),
  default: Type.Optional(Type.Unknown()),
});

const summaryFields = {
  id: Type.Integer(),
  uuid: Uuid,
  name: Type.String(),
  description: Nullable(Type.String()),
  type: FunctionType,
  org: OrgRef,
  dataKeys: Type.Array(DataKey),
  metadata: Type.Array(MetadataEntry),
  dataType: DataType,
  /** The size of the code in bytes (lists leave the code itself out). */
  codeSize: Type.Integer(),
  created: Timestamp,
  modified: Timestamp,
};

/** A function in a list: everything but its code, which may be 256 KB each. */
export const CloudFunctionSummary = Type.Object(summaryFields);
export type CloudFunctionSummary = Static<typeof CloudFunctionSummary>;

export const CloudFunction = Type.Object({ ...summaryFields, code: Type.String() });
export type CloudFunction = Static<typeof CloudFunction>;

/** A function as read may be sent back: what only the server sets is ignored. */
export const CloudFunctionUpdate = acceptReadOnly(
  Type.Object(
    { id: EntityId, ...Type.Partial(Type.Object(fields)).properties },
    { additionalProperties: false },
  ),
  CloudFunction,
);
export type CloudFunctionUpdate = Static<typeof CloudFunctionUpdate>;
