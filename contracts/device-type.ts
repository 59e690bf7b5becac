import { Type, type Static } from 'typebox';
import { Nullable, Text, Timestamp, Uuid } from './common.ts';
import {
  Description,
  EntityId,
  EntityName,
  KeyName,
  KeyType,
  listQuery,
  Metadata,
  OrgRef,
  Ref,
} from './list.ts';
import { acceptReadOnly } from './read-only.ts';

export const deviceTypeSortFields = ['id', 'name', 'created', 'modified'] as const;

/** A key's name (what people read) and its fixed value are bounded; a type has at most 200 keys. */
export const STRUCTURE_NAME_MAX_LENGTH = 100;
export const STRUCTURE_VALUE_MAX_LENGTH = 200;
export const STRUCTURE_MAX_KEYS = 200;

/** One key of the data a device of this type sends (keys are unique within a type). */
export const StructureKeyInput = Type.Object(
  {
    key: KeyName,
    name: Type.String({ minLength: 1, maxLength: STRUCTURE_NAME_MAX_LENGTH, pattern: '\\S' }),
    type: KeyType,
    value: Type.Optional(Text(STRUCTURE_VALUE_MAX_LENGTH)),
  },
  { additionalProperties: false },
);
export type StructureKeyInput = Static<typeof StructureKeyInput>;

const fields = {
  name: EntityName,
  description: Description,
  orgUuid: Uuid,
  metadata: Metadata,
  /** A function of type decoder in the type's organisation or one above it. */
  decoderFunctionId: Nullable(EntityId),
  structure: Type.Array(StructureKeyInput, { maxItems: STRUCTURE_MAX_KEYS }),
};

export const DeviceTypeCreate = Type.Object(
  {
    name: fields.name,
    description: Type.Optional(fields.description),
    orgUuid: Type.Optional(fields.orgUuid),
    metadata: Type.Optional(fields.metadata),
    decoderFunctionId: Type.Optional(fields.decoderFunctionId),
    structure: Type.Optional(fields.structure),
  },
  { additionalProperties: false },
);
export type DeviceTypeCreate = Static<typeof DeviceTypeCreate>;

export const DeviceTypeListQuery = Type.Object({ ...listQuery(deviceTypeSortFields) });
export type DeviceTypeListQuery = Static<typeof DeviceTypeListQuery>;

export const DeviceType = Type.Object({
  id: Type.Integer(),
  uuid: Uuid,
  name: Type.String(),
  description: Nullable(Type.String()),
  org: OrgRef,
  metadata: Type.Record(Type.String(), Type.Unknown()),
  decoderFunction: Nullable(Ref),
  structure: Type.Array(
    Type.Object({
      key: Type.String(),
      name: Type.String(),
      type: Type.String(),
      value: Type.Optional(Type.String()),
    }),
  ),
  /** Devices of this type, among those the caller can see. */
  deviceCount: Type.Integer(),
  created: Timestamp,
  modified: Timestamp,
});
export type DeviceType = Static<typeof DeviceType>;

/** A device type as read may be sent back: what only the server sets is ignored. */
export const DeviceTypeUpdate = acceptReadOnly(
  Type.Object(
    { id: EntityId, ...Type.Partial(Type.Object(fields)).properties },
    { additionalProperties: false },
  ),
  DeviceType,
);
export type DeviceTypeUpdate = Static<typeof DeviceTypeUpdate>;
