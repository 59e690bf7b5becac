import { Type, type Static, type TSchema, type TUnknown } from 'typebox';
import { Nullable, Text, Uuid } from './common.ts';

/** Shapes shared by the device-domain schemas (registries, device types, devices, functions). */

/** Numeric ids of registries, device types, devices, functions and projects. */
export const EntityId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** A required name: not blank, at most 200 characters. */
export const NAME_MAX_LENGTH = 200;
export const EntityName = Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH, pattern: '\\S' });
export const DESCRIPTION_MAX_LENGTH = 2000;
export const Description = Nullable(Text(DESCRIPTION_MAX_LENGTH));

/** Free-form key/value metadata, bounded in width (its size by the body limit). */
export const Metadata = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), {
  maxProperties: 200,
});

/** A data key name: what a device sends and charts show (`countIn`, `temperature`). */
export const KEY_NAME_MAX_LENGTH = 64;
/** The data-key rule, for checks outside a schema (`new RegExp(KEY_NAME_PATTERN)`). */
export const KEY_NAME_PATTERN = '^[A-Za-z0-9_.-]+$';
export const KeyName = Type.String({
  minLength: 1,
  maxLength: KEY_NAME_MAX_LENGTH,
  pattern: KEY_NAME_PATTERN,
});
/** The types a key is stored with (spec §3 Device type). */
export const keyTypes = ['array', 'boolean', 'integer', 'string', 'value'] as const;
/** A key's type; `int` is taken as another name for `integer`. */
export const KeyType = Type.Enum([...keyTypes, 'int'], {
  description: "The key's type; `int` is stored as `integer`.",
});

export type KeyTypeName = Static<typeof KeyType>;
export type StoredKeyType = (typeof keyTypes)[number];

/** The keys with `int` stored as `integer`, so each type has one name. */
export function withCanonicalTypes<K extends { type?: KeyTypeName }>(
  keys: K[],
): (K & { type?: StoredKeyType })[] {
  return keys.map((key) =>
    key.type === 'int' ? { ...key, type: 'integer' as const } : key,
  ) as (K & { type?: StoredKeyType })[];
}

/** A device's (or a function's) data key; `inherited` marks keys taken from the device type. */
export const DataKeyInput = Type.Object(
  {
    key: KeyName,
    name: Type.Optional(Text(100)),
    type: Type.Optional(KeyType),
    unit: Type.Optional(Text(20)),
    inherited: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DataKeyInput = Static<typeof DataKeyInput>;
export const DataKey = Type.Object({
  key: Type.String(),
  name: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  unit: Type.Optional(Type.String()),
  inherited: Type.Optional(Type.Boolean()),
});
export type DataKey = Static<typeof DataKey>;

/** Another entity, as a link: `{id, name}`. */
export const Ref = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Ref = Static<typeof Ref>;
export const OrgRef = Type.Object({ uuid: Uuid, name: Type.String() });

/** Page sizes: the console's rows-per-page options go up to 100; 500 is the ceiling. */
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 500;

/**
 * The query every list takes. `sort` is one of the list's fields, `-` first for
 * descending; equal values are ordered by id, so pages never overlap.
 */
export function listQuery(sortFields: readonly string[]) {
  return {
    search: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Case-insensitive; matches anywhere in the name (or unique name)',
      }),
    ),
    orgUuid: Type.Optional(Uuid),
    sort: Type.Optional(Type.Enum(sortFields.flatMap((field) => [field, `-${field}`]))),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    pageSize: Type.Optional(
      Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
    ),
  };
}

/** The common part of every list's query, as the console sends it. */
export const ListQuery = Type.Object(listQuery([]));
export type ListQuery = Omit<Static<typeof ListQuery>, 'sort'> & { sort?: string | undefined };

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });

/** A page of a list whose items are T (the Page schema's type, items typed). */
export type PageOf<T> = Omit<Static<ReturnType<typeof Page<TUnknown>>>, 'items'> & { items: T[] };
