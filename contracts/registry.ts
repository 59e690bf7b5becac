import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Uuid } from './common.ts';
import { Description, EntityId, EntityName, listQuery, OrgRef } from './list.ts';
import { acceptReadOnly } from './read-only.ts';

/** How a registry's devices send data: MQTT, HTTP POST, or not at all. */
export const protocols = ['http', 'mqtt', 'none'] as const;
export const Protocol = Type.Enum(protocols);
export type Protocol = Static<typeof Protocol>;
/** The one region there is (spec §3). */
export const regions = ['europe'] as const;
export const Region = Type.Enum(regions);
export type Region = Static<typeof Region>;

export const registrySortFields = ['id', 'name', 'protocol', 'created', 'modified'] as const;

const fields = {
  name: EntityName,
  description: Description,
  protocol: Protocol,
  region: Region,
  /** The customer organisation; a create without it uses the caller's own. */
  orgUuid: Uuid,
};

export const RegistryCreate = Type.Object(
  {
    name: fields.name,
    description: Type.Optional(fields.description),
    protocol: Type.Optional(fields.protocol),
    region: Type.Optional(fields.region),
    orgUuid: Type.Optional(fields.orgUuid),
  },
  { additionalProperties: false },
);
export type RegistryCreate = Static<typeof RegistryCreate>;

export const RegistryListQuery = Type.Object({
  ...listQuery(registrySortFields),
  protocol: Type.Optional(Protocol),
});
export type RegistryListQuery = Static<typeof RegistryListQuery>;

export const Registry = Type.Object({
  id: Type.Integer(),
  uuid: Uuid,
  name: Type.String(),
  description: Nullable(Type.String()),
  protocol: Protocol,
  region: Type.String(),
  org: OrgRef,
  /** Devices using the registry, among those the caller can see. */
  deviceCount: Type.Integer(),
  created: Timestamp,
  modified: Timestamp,
});
export type Registry = Static<typeof Registry>;

/** A registry as read may be sent back: what only the server sets is ignored. */
export const RegistryUpdate = acceptReadOnly(
  Type.Object(
    { id: EntityId, ...Type.Partial(Type.Object(fields)).properties },
    { additionalProperties: false },
  ),
  Registry,
);
export type RegistryUpdate = Static<typeof RegistryUpdate>;
