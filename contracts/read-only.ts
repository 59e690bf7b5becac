import { Type, type TObject } from 'typebox';

/**
 * A field only the server sets, as an update takes it: any value, documented
 * as read-only, and dropped by validation (`x-read-only`, lib/validation.ts)
 * before the route sees the body.
 */
type Node = Record<string, unknown>;

const ReadOnly = Type.Optional(
  Type.Unknown({
    readOnly: true,
    'x-read-only': true,
    description: 'Set by the server: accepted and ignored in an update.',
  }),
) as unknown as Node;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const propertiesOf = (schema: Node): Record<string, Node> | undefined =>
  isNode(schema.properties) ? (schema.properties as Record<string, Node>) : undefined;

/** The variants of a union (`Nullable(x)` is one), or the schema itself. */
const variantsOf = (schema: Node): Node[] =>
  Array.isArray(schema.anyOf) ? schema.anyOf.filter(isNode) : [schema];

/** A copy with some keywords replaced, keeping TypeBox's own marks (kind, optional). */
const copyWith = (schema: Node, changes: Node): Node =>
  Object.assign(
    Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)) as Node,
    changes,
  );

function merge(write: Node, read: Node): Node {
  if (Array.isArray(write.anyOf)) {
    return copyWith(write, {
      anyOf: write.anyOf.map((variant: unknown) =>
        isNode(variant) ? merge(variant, read) : variant,
      ),
    });
  }
  const writeProperties = propertiesOf(write);
  if (writeProperties) {
    const readObject = variantsOf(read).find((variant) => propertiesOf(variant) !== undefined);
    const readProperties = readObject ? propertiesOf(readObject) : undefined;
    if (!readProperties) return write;
    const properties: Record<string, Node> = {};
    for (const [key, schema] of Object.entries(writeProperties)) {
      const shown = readProperties[key];
      properties[key] = shown ? merge(schema, shown) : schema;
    }
    for (const key of Object.keys(readProperties)) {
      if (!(key in writeProperties)) properties[key] = ReadOnly;
    }
    return copyWith(write, { properties });
  }
  const readArray = variantsOf(read).find((variant) => isNode(variant.items));
  if (isNode(write.items) && readArray && isNode(readArray.items)) {
    return copyWith(write, { items: merge(write.items, readArray.items) });
  }
  return write;
}

/**
 * An update body that takes back what a GET answered (issue #13's round trip).
 * Every field of the read shape the write shape lacks (uuid, created,
 * modified, status, counts, nested `org` or `registry` objects), at any depth
 * of the objects and arrays the two share, is accepted with any value and
 * dropped before the route runs, so a changed uuid changes nothing. A field
 * neither shape has is still refused by name. Fields both shapes have keep
 * the write's rules: where the read shows a value the write would refuse,
 * the route treats that value sent back as no change (users' loginSuspended).
 *
 * The static type stays the write's: the route never sees the dropped fields.
 */
export function acceptReadOnly<W extends TObject>(write: W, read: TObject): W {
  return merge(write as unknown as Node, read as unknown as Node) as unknown as W;
}
