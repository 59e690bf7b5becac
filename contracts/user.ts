import { pictureTypes } from './device-picture.ts';
import { Type, type Static } from 'typebox';
import { Email, Nullable, Text, Timestamp, Url, Uuid } from './common.ts';
import { acceptReadOnly } from './read-only.ts';

export const Language = Type.Union([Type.Literal('da'), Type.Literal('en')]);
export type Language = Static<typeof Language>;
export const GroupId = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
/** 1 super user, 2 account manager, 3 user: a lower id has more rights. */
export type GroupId = Static<typeof GroupId>;

export const Password = Type.String({ maxLength: 200 });

const profileFields = {
  firstName: Text(100),
  lastName: Text(100),
  username: Type.String({ minLength: 1, maxLength: 254 }),
  phone: Nullable(Text(40)),
  mobile: Nullable(Text(40)),
  language: Language,
  bio: Nullable(Text(2000)),
  birthday: Nullable(Type.String({ format: 'date' })),
  position: Nullable(Text(200)),
  location: Nullable(Text(200)),
  tags: Type.Array(Text(50), { maxItems: 50 }),
  newsletter: Type.Boolean(),
  social: Type.Record(Type.String({ pattern: '^[a-z][a-z0-9]{0,29}$' }), Url, {
    maxProperties: 20,
  }),
  /** A web address, or the address of the user's own uploaded image (PUT …/image). */
  img: Nullable(
    Type.Union([
      Url,
      Type.String({ pattern: '^/api/entity/user/[0-9a-fA-F-]{36}/image\\?v=[a-z0-9]{1,32}$' }),
    ]),
  ),
  recoveryEmail: Nullable(Email),
};

const Profile = Type.Partial(Type.Object(profileFields));

export const UserCreate = Type.Object(
  { email: Email, orgUuid: Uuid, groupId: Type.Optional(GroupId), ...Profile.properties },
  { additionalProperties: false },
);
export type UserCreate = Static<typeof UserCreate>;

export const User = Type.Object({
  uuid: Uuid,
  email: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  org: Type.Object({ uuid: Uuid, name: Type.String() }),
  group: Type.Object({ id: GroupId, name: Type.String() }),
  role: Type.String(),
  privileges: Type.Array(Type.String()),
  phone: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  language: Language,
  bio: Nullable(Type.String()),
  birthday: Nullable(Type.String()),
  position: Nullable(Type.String()),
  location: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  newsletter: Type.Boolean(),
  social: Type.Record(Type.String(), Type.String()),
  img: Nullable(Type.String()),
  recoveryEmail: Nullable(Type.String()),
  active: Type.Boolean(),
  confirmed: Type.Boolean(),
  loginSuspended: Type.Boolean(),
  loginSuspendedUntil: Nullable(Timestamp),
  created: Timestamp,
  modified: Timestamp,
  lastSignIn: Nullable(Timestamp),
  /** Settings, favourites and dashboards: only in the signed-in user's own record. */
  internal: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type User = Static<typeof User>;

export const UserList = Type.Array(User);
export type UserList = Static<typeof UserList>;

/** A user as read may be sent back: what only the server sets is ignored. */
export const UserUpdate = acceptReadOnly(
  Type.Partial(
    Type.Object({
      ...profileFields,
      email: Email,
      orgUuid: Uuid,
      groupId: GroupId,
      active: Type.Boolean(),
      /**
       * false lifts a sign-in suspension. true only as read back from a suspended user:
       * suspension follows failed sign-ins, never a request.
       */
      loginSuspended: Type.Boolean({
        description:
          'false lifts a sign-in suspension; true is taken only from a suspended user, as read',
      }),
    }),
    { additionalProperties: false },
  ),
  User,
);
export type UserUpdate = Static<typeof UserUpdate>;

const JsonObject = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown());

/** The kinds of entity a user can mark as a favourite (spec §3 Favourite). */
export const favouriteTypes = [
  'cloudfunction',
  'collection',
  'device',
  'devicetype',
  'org',
  'project',
  'registry',
  'sensor',
  'user',
] as const;
export type FavouriteType = (typeof favouriteTypes)[number];

export const Favourite = Type.Object({
  id: Type.Union([Type.String({ maxLength: 100 }), Type.Integer()]),
  name: Type.Optional(Text(200)),
  description: Type.Optional(Nullable(Text(2000))),
  org: Type.Optional(Nullable(Text(200))),
  type: Type.Enum(favouriteTypes),
});
export type Favourite = Static<typeof Favourite>;

/** The user's own store: console settings, favourites and dashboards (each replaced whole when given). */
export const UserInternal = Type.Object(
  {
    settings: Type.Optional(JsonObject),
    favourites: Type.Optional(Type.Array(Favourite, { maxItems: 1000 })),
    dashboards: Type.Optional(Type.Array(JsonObject, { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export type UserInternal = Static<typeof UserInternal>;

/** The largest profile picture, in bytes (2 MiB), once decoded. */
export const USER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Base64 makes 3 bytes 4 characters; a body over this cannot hold an allowed image. */
export const USER_IMAGE_BODY_LIMIT = Math.ceil(USER_IMAGE_MAX_BYTES / 3) * 4 + 16 * 1024;

/** An uploaded profile picture: the image as base64 (no `data:` prefix) and its declared type. */
export const UserImageUpload = Type.Object(
  {
    contentType: Type.Union(pictureTypes.map((type) => Type.Literal(type))),
    data: Type.String({ minLength: 4, maxLength: USER_IMAGE_BODY_LIMIT }),
  },
  { additionalProperties: false },
);

/** A new user as created: whether the confirmation mail went out is told once, here. */
export const CreatedUser = Type.Intersect([
  User,
  Type.Object({ confirmationMailSent: Type.Boolean() }),
]);
export type CreatedUser = Static<typeof CreatedUser>;

/** One's own new password; the current one too unless the account has none yet. */
export const PasswordChange = Type.Object(
  { oldPassword: Type.Optional(Password), newPassword: Password },
  { additionalProperties: false },
);
export type PasswordChange = Static<typeof PasswordChange>;
export type UserImageUpload = Static<typeof UserImageUpload>;
