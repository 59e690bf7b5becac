import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from './common.ts';

/** What a token may do: act for its maker (general), or send and read one entity's data. */
export const TokenType = Type.Union([
  Type.Literal('general'),
  Type.Literal('device'),
  Type.Literal('devicetype'),
  Type.Literal('registry'),
]);
export type TokenType = Static<typeof TokenType>;

/** An API token as GET /api/tokens/{orgUuid} lists it; the secret itself is never stored. */
export const ApiToken = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  label: Type.String(),
  type: TokenType,
  reference: Nullable(Type.Integer()),
  /** The name of the device, device type or registry it serves; null for a general token or one whose entity is gone. */
  referenceName: Nullable(Type.String()),
  orgUuid: Type.String(),
  created: Timestamp,
  createdBy: Nullable(
    Type.Object({ uuid: Type.String(), name: Type.String(), email: Type.String() }),
  ),
  calls: Type.Integer(),
  lastCall: Nullable(Timestamp),
});
export type ApiToken = Static<typeof ApiToken>;

export const ApiTokenList = Type.Array(ApiToken);
export type ApiTokenList = Static<typeof ApiTokenList>;

/**
 * A new token. A token is never updated: it is made, used and deleted, so
 * there is no update shape to send back.
 */
export const ApiTokenCreate = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    type: TokenType,
    /** The id of the device, device type or registry a bound token serves; absent for general. */
    reference: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  },
  { additionalProperties: false },
);
export type ApiTokenCreate = Static<typeof ApiTokenCreate>;

/** The answer to a creation: the only time the secret is shown. */
export const CreatedApiToken = Type.Intersect([ApiToken, Type.Object({ token: Type.String() })]);
export type CreatedApiToken = Static<typeof CreatedApiToken>;
