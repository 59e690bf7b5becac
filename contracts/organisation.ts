import { Type, type Static } from 'typebox';
import { Nullable, Text, Timestamp, Uuid } from './common.ts';
import { acceptReadOnly } from './read-only.ts';

const Required = (maxLength = 200) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
// Checked in the route, to answer with the spec's message 'Not a valid URL'.
const Website = Type.String({ maxLength: 2000 });

const fields = {
  name: Required(),
  nickname: Nullable(Text(100)),
  parentUuid: Uuid,
  address: Required(),
  zip: Required(20),
  city: Required(100),
  region: Nullable(Text(100)),
  country: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '\\S',
    description:
      "ISO 3166-1 alpha-2 code (DK); the country's English or Danish name is also taken and stored as its code",
  }),
  website: Nullable(Website),
  taxNumber: Nullable(Text(50)),
  eanNumber: Nullable(Text(50)),
  phone: Nullable(Text(40)),
  timeZone: Type.String({ minLength: 1, maxLength: 64 }),
  metadata: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 200 }),
};

export const OrganisationCreate = Type.Object(
  {
    name: fields.name,
    parentUuid: fields.parentUuid,
    address: fields.address,
    zip: fields.zip,
    city: fields.city,
    country: fields.country,
    nickname: Type.Optional(fields.nickname),
    region: Type.Optional(fields.region),
    website: Type.Optional(fields.website),
    taxNumber: Type.Optional(fields.taxNumber),
    eanNumber: Type.Optional(fields.eanNumber),
    phone: Type.Optional(fields.phone),
    timeZone: Type.Optional(fields.timeZone),
    metadata: Type.Optional(fields.metadata),
  },
  { additionalProperties: false },
);
export type OrganisationCreate = Static<typeof OrganisationCreate>;

export const Organisation = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  nickname: Nullable(Type.String()),
  parent: Nullable(Type.Object({ uuid: Uuid, name: Type.String() })),
  address: Nullable(Type.String()),
  zip: Nullable(Type.String()),
  city: Nullable(Type.String()),
  region: Nullable(Type.String()),
  /** ISO 3166-1 alpha-2 code; text kept from before that rule when it names no known country. */
  country: Nullable(Type.String()),
  website: Nullable(Type.String()),
  taxNumber: Nullable(Type.String()),
  eanNumber: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  timeZone: Type.String(),
  counts: Type.Object({
    devices: Type.Integer(),
    projects: Type.Integer(),
    collections: Type.Integer(),
  }),
  created: Timestamp,
  modified: Timestamp,
});
export type Organisation = Static<typeof Organisation>;

/** An organisation as read may be sent back: what only the server sets is ignored. */
export const OrganisationUpdate = acceptReadOnly(
  Type.Partial(Type.Object(fields), { additionalProperties: false }),
  Organisation,
);
export type OrganisationUpdate = Static<typeof OrganisationUpdate>;

/** An organisation's free key/value metadata, as GET /orgMetadata/{uuid} answers. */
export const OrganisationMetadata = Type.Object({
  uuid: Type.String(),
  metadata: Type.Record(Type.String(), Type.Unknown()),
});
export type OrganisationMetadata = Static<typeof OrganisationMetadata>;

/** How many devices an organisation and its sub-organisations hold (those the caller can see). */
export const DeviceTotal = Type.Object({ total: Type.Integer() });
export type DeviceTotal = Static<typeof DeviceTotal>;

export const OrganisationList = Type.Array(Organisation);
export type OrganisationList = Static<typeof OrganisationList>;
