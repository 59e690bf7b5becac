import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Updateable } from 'kysely';
import { can, inScope, scopeList, withinRank } from '../../access/access.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import type { UsersTable } from '../../db/types.ts';
import { json } from '../../db/json.ts';
import { fileStore } from '../../files/file-store.ts';
import { isBase64, sniffImage } from '../../files/image-type.ts';
import { HttpError } from '../../lib/http-error.ts';
import { formatPhone } from '../../lib/phone.ts';
import { requireActor } from '../../plugins/auth.ts';
import { organisationRepository } from '../../repositories/organisation-repository.ts';
import { userRepository } from '../../repositories/user-repository.ts';
import { errors, ErrorBody, Ok } from '../../../contracts/common.ts';
import {
  Password,
  User,
  USER_IMAGE_BODY_LIMIT,
  USER_IMAGE_MAX_BYTES,
  UserCreate,
  UserImageUpload,
  UserInternal,
  UserUpdate,
} from '../../../contracts/user.ts';
import { ImageResponse } from '../../../contracts/device-picture.ts';
import { checkPassword, sendConfirmMail } from '../../services/account-mail.ts';
import { signInGuard } from '../../services/sign-in-guard.ts';
import { revocation } from '../../services/revocation.ts';
import { isSuspended, userView } from '../../views/user-view.ts';
import { IdParams, UuidParams } from '../../schemas/params.ts';

const INTERNAL_LIMIT_BYTES = 512 * 1024;
const CreatedUser = Type.Intersect([User, Type.Object({ confirmationMailSent: Type.Boolean() })]);
const paramUuid = (request: FastifyRequest) => (request.params as { uuid: string }).uuid;

/** Where a user's uploaded image is kept (DATA_DIR/files). */
const imageKey = (uuid: string) => `user-images/${uuid.toLowerCase()}`;
/** The address of a user's uploaded image; `v` changes with every upload, so it is cached for good. */
const imagePath = (uuid: string, version: string) => `/api/entity/user/${uuid}/image?v=${version}`;
const isImagePathOf = (uuid: string, img: string) =>
  img.startsWith(`/api/entity/user/${uuid}/image?v=`);

const users: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = userRepository(fastify.db);
  const orgs = organisationRepository(fastify.db);
  const revoke = revocation(fastify);
  const files = fileStore(fastify.config.dataDir);
  const lockout = signInGuard(fastify.db);
  const userOrg = async (request: FastifyRequest) => (await repo.orgOf(paramUuid(request))) ?? null;
  // The target of every route that changes another user: a user with more
  // rights than the caller may be seen but not changed (docs/access.md), while
  // one outside the caller's organisations still reads as missing.
  const changeableUserOrg = async (request: FastifyRequest) => {
    const target = await repo.accessOf(paramUuid(request));
    if (!target) return null;
    const actor = requireActor(request);
    if (inScope(actor, target.orgUuid) && !withinRank(actor, target.groupId)) {
      throw new HttpError(403, 'You may not change a user with more rights than your own');
    }
    return target.orgUuid;
  };
  /** Reading a user: `user.list` in their organisation, or the user themselves. */
  const readUser = fastify.guard({
    resource: 'user',
    privilege: 'list',
    target: userOrg,
    self: paramUuid,
  });
  /** Changing a user: `user.modify` within rank in their organisation, or the user themselves. */
  const changeUser = fastify.guard({
    resource: 'user',
    privilege: 'modify',
    target: changeableUserOrg,
    self: paramUuid,
  });
  // An organisation the caller cannot see is answered exactly like one that does not exist.
  const visibleOrg = async (request: FastifyRequest, uuid: string) => {
    const actor = requireActor(request);
    if (!inScope(actor, uuid) || !(await orgs.exists(uuid))) {
      throw new HttpError(400, 'The organisation does not exist');
    }
    return uuid;
  };
  const load = async (uuid: string) => {
    const user = await repo.get(uuid);
    if (!user) throw new HttpError(404, 'Resource not found');
    return user;
  };
  const assertUnique = async (
    email: string | undefined,
    username: string | undefined,
    except?: string,
  ) => {
    if (email) {
      const other = await repo.findByEmail(email);
      if (other && other.uuid !== except)
        throw new HttpError(409, 'E-mail is already assigned to a user account!');
    }
    if (username) {
      const other = await repo.findForSignIn(username);
      if (other && other.uuid !== except) throw new HttpError(409, 'The username is already taken');
    }
  };

  fastify.get(
    '/entity/users',
    {
      preHandler: fastify.guard({ resource: 'user', privilege: 'list' }),
      schema: {
        tags: ['users'],
        summary: 'Users of the organisations you can see',
        security: [{ bearer: [] }],
        response: { 200: Type.Array(User), ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return (await repo.list(scopeList(actor))).map((u) => userView(u, u.uuid === actor.userUuid));
    },
  );

  fastify.get(
    '/entity/users/:id',
    {
      preHandler: fastify.guard({
        resource: 'user',
        privilege: 'list',
        target: async (request) => {
          const id = (request.params as { id: string }).id;
          return (await orgs.exists(id)) ? id : null;
        },
      }),
      schema: {
        tags: ['users'],
        summary: 'Users of one organisation',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: Type.Array(User), ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return (await repo.list([request.params.id])).map((u) =>
        userView(u, u.uuid === actor.userUuid),
      );
    },
  );

  fastify.get(
    '/entity/user/:uuid',
    {
      preHandler: readUser,
      schema: {
        tags: ['users'],
        summary: 'One user',
        security: [{ bearer: [] }],
        params: UuidParams,
        response: { 200: User, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return userView(await load(request.params.uuid), request.params.uuid === actor.userUuid);
    },
  );

  fastify.post(
    '/entity/user',
    {
      preHandler: fastify.guard({
        resource: 'user',
        privilege: 'create',
        target: (request) => visibleOrg(request, (request.body as UserCreate).orgUuid),
      }),
      schema: {
        tags: ['users'],
        summary: 'Create a user; a confirmation mail lets them set a password',
        security: [{ bearer: [] }],
        body: UserCreate,
        response: { 201: CreatedUser, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const body = request.body;
      const group = body.groupId ?? 3;
      if (!withinRank(actor, group))
        throw new HttpError(403, 'You cannot give a user more rights than your own');
      const username = body.username ?? body.email;
      await assertUnique(body.email, username);
      const created = await repo.create({
        email: body.email,
        username,
        org_uuid: body.orgUuid,
        group_id: group,
        first_name: body.firstName ?? '',
        last_name: body.lastName ?? '',
        phone: formatPhone(body.phone),
        mobile: formatPhone(body.mobile),
        language: body.language ?? 'da',
        bio: body.bio ?? null,
        birthday: body.birthday ?? null,
        position: body.position ?? null,
        location: body.location ?? null,
        tags: json(body.tags ?? []),
        newsletter: body.newsletter ?? false,
        social: json(body.social ?? {}),
        // A new user has uploaded nothing: only a web address can be their image.
        img: body.img?.startsWith('/') ? null : (body.img ?? null),
        recovery_email: body.recoveryEmail ?? null,
        active: true,
      });
      const user = await load(created.uuid);
      let confirmationMailSent = true;
      try {
        await sendConfirmMail(fastify, created, user.org_name);
      } catch (error) {
        confirmationMailSent = false;
        request.log.error(
          { err: error, user: created.uuid },
          'confirmation mail could not be sent',
        );
      }
      return reply.status(201).send({ ...userView(user, false), confirmationMailSent });
    },
  );

  fastify.put(
    '/entity/user/:uuid',
    {
      preHandler: changeUser,
      schema: {
        tags: ['users'],
        summary: 'Update a user',
        security: [{ bearer: [] }],
        params: UuidParams,
        body: UserUpdate,
        response: { 200: User, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      const current = await load(request.params.uuid);
      const own = current.uuid === actor.userUuid;
      const managing = can(actor, 'user', 'modify', current.org_uuid);
      // A client may send back the user it read: only fields whose value changes count.
      const suspended = isSuspended(current);
      if (body.loginSuspended === true && !suspended) {
        throw new HttpError(
          400,
          'body.loginSuspended can only be lifted (false): suspension follows failed sign-ins',
        );
      }
      const access = {
        group: body.groupId !== undefined && body.groupId !== current.group_id,
        org: body.orgUuid !== undefined && body.orgUuid !== current.org_uuid,
        active: body.active !== undefined && body.active !== current.active,
        // false lifts a suspension and opens closed pairs; one's own record, not suspended, reads false.
        lift: body.loginSuspended === false && (suspended || !own),
      };
      const administrative = access.group || access.org || access.active || access.lift;
      if (administrative && (!managing || own)) {
        throw new HttpError(
          403,
          own
            ? 'You cannot change your own group, organisation or access'
            : 'Your group may not modify user access here',
        );
      }
      if (access.group && body.groupId !== undefined && !withinRank(actor, body.groupId)) {
        throw new HttpError(403, 'You cannot give a user more rights than your own');
      }
      if (access.org && body.orgUuid !== undefined) {
        await visibleOrg(request, body.orgUuid);
        if (
          !can(actor, 'user', 'changeparent', current.org_uuid) ||
          !can(actor, 'user', 'changeparent', body.orgUuid)
        ) {
          throw new HttpError(403, 'Your group may not move users to that organisation');
        }
      }
      await assertUnique(body.email, body.username, current.uuid);
      if (body.img?.startsWith('/') && !isImagePathOf(current.uuid, body.img)) {
        throw new HttpError(400, 'body.img must be a web address or this user’s uploaded image');
      }

      const values: Updateable<UsersTable> = {
        ...(body.email !== undefined && { email: body.email }),
        ...(body.username !== undefined && { username: body.username }),
        ...(body.firstName !== undefined && { first_name: body.firstName }),
        ...(body.lastName !== undefined && { last_name: body.lastName }),
        ...(body.phone !== undefined && { phone: formatPhone(body.phone) }),
        ...(body.mobile !== undefined && { mobile: formatPhone(body.mobile) }),
        ...(body.language !== undefined && { language: body.language }),
        ...(body.bio !== undefined && { bio: body.bio }),
        ...(body.birthday !== undefined && { birthday: body.birthday }),
        ...(body.position !== undefined && { position: body.position }),
        ...(body.location !== undefined && { location: body.location }),
        ...(body.tags !== undefined && { tags: json(body.tags) }),
        ...(body.newsletter !== undefined && { newsletter: body.newsletter }),
        ...(body.social !== undefined && { social: json(body.social) }),
        ...(body.img !== undefined && { img: body.img }),
        ...(body.recoveryEmail !== undefined && { recovery_email: body.recoveryEmail }),
        ...(body.orgUuid !== undefined && { org_uuid: body.orgUuid }),
        ...(body.groupId !== undefined && { group_id: body.groupId }),
        ...(body.active !== undefined && { active: body.active }),
        ...(access.lift && { login_suspended_until: null, failed_logins: 0 }),
      };
      await repo.update(current.uuid, values);
      // Lifting a suspension opens the account's closed sources too.
      if (access.lift) await lockout.forgive(current.uuid);
      // A deactivated user, or one moved or given another group, signs in again,
      // and what they opened (live sockets, with a session or an API token) closes.
      if ((access.active && body.active === false) || access.group || access.org) {
        await revoke.userRevoked(current.uuid);
      }
      return userView(await load(current.uuid), own);
    },
  );

  fastify.delete(
    '/entity/user/:uuid',
    {
      preHandler: fastify.guard({
        resource: 'user',
        privilege: 'delete',
        target: changeableUserOrg,
      }),
      schema: {
        tags: ['users'],
        summary: 'Delete a user (their sessions end and their live sockets close at once)',
        security: [{ bearer: [] }],
        params: UuidParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (request.params.uuid === actor.userUuid)
        throw new HttpError(409, 'You cannot delete your own account');
      // Sessions go with the user (on delete cascade); the uploaded image goes too.
      const deleted = await repo.delete(request.params.uuid);
      if (deleted) {
        await revoke.userRevoked(request.params.uuid);
        await files.remove([imageKey(request.params.uuid)]);
      }
      return { ok: deleted };
    },
  );

  fastify.put(
    '/entity/user/:uuid/internal',
    {
      schema: {
        tags: ['users'],
        summary: 'Save your own settings, favourites and dashboards',
        security: [{ bearer: [] }],
        params: UuidParams,
        body: UserInternal,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (request.params.uuid !== actor.userUuid)
        throw new HttpError(403, 'Only the user may change their own settings');
      const current = await load(actor.userUuid);
      const next = { ...current.internal, ...request.body };
      const text = json(next);
      if (Buffer.byteLength(text) > INTERNAL_LIMIT_BYTES) {
        throw new HttpError(
          400,
          'Settings, favourites and dashboards together may not exceed 512 KB',
        );
      }
      await repo.update(actor.userUuid, { internal: text });
      return { ok: true };
    },
  );

  fastify.post(
    '/entity/user/:uuid/resendconfirmmail',
    {
      preHandler: fastify.guard({
        resource: 'user',
        privilege: 'modify',
        target: changeableUserOrg,
      }),
      schema: {
        tags: ['users'],
        summary: 'Send the account confirmation mail again',
        security: [{ bearer: [] }],
        params: UuidParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const user = await load(request.params.uuid);
      if (user.confirmed_at) throw new HttpError(409, 'The user has already confirmed the account');
      await sendConfirmMail(fastify, user, user.org_name);
      return { ok: true };
    },
  );

  fastify.post(
    '/entity/user/:uuid/setpassword',
    {
      preHandler: changeUser,
      schema: {
        tags: ['users'],
        summary: 'Change a password: your own (with the old one) or, as a manager, a user’s',
        security: [{ bearer: [] }],
        params: UuidParams,
        body: Type.Object({ oldPassword: Type.Optional(Password), newPassword: Password }),
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const user = await load(request.params.uuid);
      checkPassword(request.body.newPassword);
      if (user.uuid === actor.userUuid) {
        const old = request.body.oldPassword ?? '';
        if (!user.password_hash || !(await verifyPassword(old, user.password_hash))) {
          throw new HttpError(400, 'The current password is not right');
        }
      }
      await repo.update(user.uuid, {
        password_hash: await hashPassword(request.body.newPassword),
        confirmed_at: user.confirmed_at ?? new Date(),
      });
      await revoke.endSessionsOf(user.uuid);
      return { ok: true };
    },
  );

  fastify.get(
    '/entity/user/:uuid/image',
    {
      preHandler: readUser,
      schema: {
        tags: ['users'],
        summary: 'The image a user uploaded (their profile picture)',
        description:
          'Answers the bytes with their image type. The SESSION cookie is honoured for this ' +
          'GET, so the console can show it in an <img>.',
        security: [{ bearer: [] }],
        params: UuidParams,
        response: {
          200: ImageResponse,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = await load(request.params.uuid);
      const bytes = await files.read(imageKey(user.uuid));
      const type = bytes && sniffImage(bytes);
      if (!bytes || !type) throw new HttpError(404, 'Resource not found');
      return reply
        .header('content-type', type)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(bytes);
    },
  );

  fastify.put(
    '/entity/user/:uuid/image',
    {
      preHandler: changeUser,
      bodyLimit: USER_IMAGE_BODY_LIMIT + 1024,
      schema: {
        tags: ['users'],
        summary: 'Upload a user’s profile picture (JPEG, PNG or WebP, at most 2 MB)',
        description:
          'The body carries the image as base64; the declared contentType must match the bytes. ' +
          'The user’s img becomes the address of the new image.',
        security: [{ bearer: [] }],
        params: UuidParams,
        body: UserImageUpload,
        response: { 200: User, ...errors, 413: ErrorBody },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { contentType, data } = request.body;
      if (!isBase64(data)) throw new HttpError(400, 'body.data must be base64');
      const bytes = Buffer.from(data, 'base64');
      if (bytes.length > USER_IMAGE_MAX_BYTES) {
        throw new HttpError(413, 'The image is larger than 2 MB');
      }
      const actual = sniffImage(bytes);
      if (!actual) throw new HttpError(400, 'body.data is not a JPEG, PNG or WebP image');
      if (actual !== contentType) {
        throw new HttpError(400, `body.contentType says ${contentType} but the file is ${actual}`);
      }
      const user = await load(request.params.uuid);
      await files.put(imageKey(user.uuid), bytes);
      await repo.update(user.uuid, { img: imagePath(user.uuid, randomBytes(6).toString('hex')) });
      return userView(await load(user.uuid), user.uuid === actor.userUuid);
    },
  );

  fastify.delete(
    '/entity/user/:uuid/image',
    {
      preHandler: changeUser,
      schema: {
        tags: ['users'],
        summary: 'Remove a user’s uploaded profile picture',
        description: 'An img that points elsewhere (a web address) is left as it is.',
        security: [{ bearer: [] }],
        params: UuidParams,
        response: { 200: User, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const user = await load(request.params.uuid);
      await files.remove([imageKey(user.uuid)]);
      if (user.img && isImagePathOf(user.uuid, user.img))
        await repo.update(user.uuid, { img: null });
      return userView(await load(user.uuid), user.uuid === actor.userUuid);
    },
  );
};

export default users;
