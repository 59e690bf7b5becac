import { Type, type Static } from 'typebox';
import { Timestamp } from './common.ts';
import { User } from './user.ts';

/** A password sign-in, by username or e-mail. */
export const PasswordSignIn = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type PasswordSignIn = Static<typeof PasswordSignIn>;

/** A sign-in with an OpenID Connect id_token, with the state of a browser sign-in when it began there. */
export const OidcSignIn = Type.Object({
  id_token: Type.String({ minLength: 1, maxLength: 16_384 }),
  state: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type OidcSignIn = Static<typeof OidcSignIn>;

/** A new session: API clients send the token as a bearer token; the browser has it as a cookie. */
export const Session = Type.Object({
  token: Type.String(),
  expires: Timestamp,
});
export type Session = Static<typeof Session>;

export const OidcSession = Type.Object({
  ...Session.properties,
  redirect: Type.Optional(
    Type.String({ description: 'Where the console goes next, when sign-in began in the browser' }),
  ),
});
export type OidcSession = Static<typeof OidcSession>;

/**
 * The user's own store as read back. Its parts are checked when written
 * (UserInternal); read, they are passed through as stored, so an old or odd
 * entry can never break the sign-in answer.
 */
export const StoredInternal = Type.Object(
  {
    settings: Type.Optional(Type.Unknown()),
    favourites: Type.Optional(Type.Array(Type.Unknown())),
    dashboards: Type.Optional(Type.Array(Type.Unknown())),
  },
  { additionalProperties: true },
);

/** The signed-in user as GET /api/auth/user answers: their record with their own store. */
export const SignedInUser = Type.Object({
  ...User.properties,
  internal: StoredInternal,
});
export type SignedInUser = Static<typeof SignedInUser>;

/**
 * Whether the caller is signed in, as GET /api/auth/session answers: the
 * signed-in user, or null without a session. A signed-out visitor is not an
 * error here (the console asks this on every start, before sign-in too).
 */
export const CurrentSession = Type.Object({
  user: Type.Union([SignedInUser, Type.Null()]),
});
export type CurrentSession = Static<typeof CurrentSession>;
