import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import { inScope, type Actor } from '../access/access.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { json } from '../db/json.ts';
import type { UsersTable } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import { organisationRepository } from '../repositories/organisation-repository.ts';
import { userRepository } from '../repositories/user-repository.ts';
import { isSuspended, userView } from '../views/user-view.ts';
import type {
  CreatedUser,
  PasswordChange,
  User,
  UserCreate,
  UserImageUpload,
  UserInternal,
  UserUpdate,
} from '../../contracts/user.ts';
import { checkPassword, sendConfirmMail } from './account-mail.ts';
import { replaceSpecDashboards, storeWithDashboards } from './dashboards.ts';
import { revocation } from './revocation.ts';
import { signInGuard } from './sign-in-guard.ts';
import {
  accessChange,
  changeableOrg,
  endsAccess,
  requireGrantable,
  requireMayMove,
} from './user-access.ts';
import { isImagePathOf, userImages } from './user-images.ts';
import { userValues } from './user-values.ts';

const INTERNAL_LIMIT_BYTES = 512 * 1024;

/**
 * The rules of users: who may see, make, change and remove whom, and what
 * follows a change (mails, ended sessions, opened sign-ins). Routes guard
 * and answer; the SQL is in the user repository.
 */
export function userService(fastify: FastifyInstance) {
  const repo = userRepository(fastify.db);
  const orgs = organisationRepository(fastify.db);
  const revoke = revocation(fastify);
  const lockout = signInGuard(fastify.db);
  const images = userImages(fastify.config.dataDir);

  const load = async (uuid: string) => {
    const user = await repo.get(uuid);
    if (!user) throw new HttpError(404, 'Resource not found');
    return user;
  };
  /** A user as answered; one's own record carries the store, dashboards read from their rows. */
  const view = async (actor: Actor, row: Awaited<ReturnType<typeof load>>): Promise<User> => {
    const own = row.uuid === actor.userUuid;
    const user = userView(row, own);
    return own
      ? { ...user, internal: await storeWithDashboards(fastify.db, row.uuid, row.internal) }
      : user;
  };
  const show = async (actor: Actor, uuid: string): Promise<User> => view(actor, await load(uuid));

  /** An organisation the caller cannot see is answered exactly like one that does not exist. */
  const visibleOrg = async (actor: Actor, uuid: string) => {
    if (!inScope(actor, uuid) || !(await orgs.exists(uuid))) {
      throw new HttpError(400, 'The organisation does not exist');
    }
    return uuid;
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

  return {
    visibleOrg,

    /** The uuid when the organisation exists, for a guard (null: the guard answers 404). */
    existingOrg: async (uuid: string) => ((await orgs.exists(uuid)) ? uuid : null),

    /** The organisation of a user, for a guard (null: no such user). */
    orgOf: async (uuid: string) => (await repo.orgOf(uuid)) ?? null,

    /** The organisation of a user the caller means to change, for a guard. */
    changeableOrgOf: async (actor: Actor, uuid: string) =>
      changeableOrg(actor, await repo.accessOf(uuid)),

    /** Users of the given organisations (null: all); the caller's own record with their store. */
    async list(actor: Actor, orgUuids: string[] | null): Promise<User[]> {
      return Promise.all((await repo.list(orgUuids)).map((u) => view(actor, u)));
    },

    get: show,

    async create(actor: Actor, body: UserCreate, log: FastifyBaseLogger): Promise<CreatedUser> {
      const group = body.groupId ?? 3;
      requireGrantable(actor, group);
      const username = body.username ?? body.email;
      await assertUnique(body.email, username);
      const created = await repo.create({
        ...userValues.created(body),
        username,
        group_id: group,
        active: true,
      });
      const user = await load(created.uuid);
      let confirmationMailSent = true;
      try {
        await sendConfirmMail(fastify, created, user.org_name);
      } catch (error) {
        confirmationMailSent = false;
        log.error({ err: error, user: created.uuid }, 'confirmation mail could not be sent');
      }
      return { ...userView(user, false), confirmationMailSent };
    },

    async update(actor: Actor, uuid: string, body: UserUpdate): Promise<User> {
      const current = await load(uuid);
      const change = accessChange(
        actor,
        {
          uuid: current.uuid,
          orgUuid: current.org_uuid,
          groupId: current.group_id,
          active: current.active,
          suspended: isSuspended(current),
        },
        body,
      );
      if (change.org && body.orgUuid !== undefined) {
        await visibleOrg(actor, body.orgUuid);
        requireMayMove(actor, current.org_uuid, body.orgUuid);
      }
      await assertUnique(body.email, body.username, current.uuid);
      if (body.img?.startsWith('/') && !isImagePathOf(current.uuid, body.img)) {
        throw new HttpError(400, 'body.img must be a web address or this user’s uploaded image');
      }
      const values: Updateable<UsersTable> = {
        ...userValues.updated(body),
        ...(change.lift && { login_suspended_until: null, failed_logins: 0 }),
      };
      await repo.update(current.uuid, values);
      // Lifting a suspension opens the account's closed sources too.
      if (change.lift) await lockout.forgive(current.uuid);
      // A deactivated user, or one moved or given another group, signs in again,
      // and what they opened (live sockets, with a session or an API token) closes.
      if (endsAccess(change, body)) await revoke.userRevoked(current.uuid);
      return show(actor, current.uuid);
    },

    /** Removes a user (never oneself); their sessions go with them, their image too. */
    async remove(actor: Actor, uuid: string): Promise<boolean> {
      if (uuid === actor.userUuid) throw new HttpError(409, 'You cannot delete your own account');
      const deleted = await repo.delete(uuid);
      if (deleted) {
        await revoke.userRevoked(uuid);
        await images.remove(uuid);
      }
      return deleted;
    },

    /**
     * Saves parts of the caller's own store; each part given replaces the
     * stored one whole. Dashboards are rows of their own (services/dashboards.ts):
     * given ones replace the user's rows, in the same transaction.
     */
    async saveInternal(actor: Actor, uuid: string, parts: UserInternal): Promise<void> {
      if (uuid !== actor.userUuid)
        throw new HttpError(403, 'Only the user may change their own settings');
      const current = await load(actor.userUuid);
      const { dashboards, ...rest } = parts;
      const { dashboards: _old, ...kept } = current.internal;
      const text = json({ ...kept, ...rest });
      if (Buffer.byteLength(text) > INTERNAL_LIMIT_BYTES) {
        throw new HttpError(400, 'Settings and favourites together may not exceed 512 KB');
      }
      await fastify.db.transaction().execute(async (trx) => {
        await userRepository(trx).update(actor.userUuid, { internal: text });
        if (dashboards) await replaceSpecDashboards(trx, actor.userUuid, dashboards);
      });
    },

    async resendConfirmation(uuid: string): Promise<void> {
      const user = await load(uuid);
      if (user.confirmed_at) throw new HttpError(409, 'The user has already confirmed the account');
      await sendConfirmMail(fastify, user, user.org_name);
    },

    /**
     * A new password: one's own only with the current one. Every session of
     * the user ends, so whoever knew the old password is signed out.
     */
    async setPassword(actor: Actor, uuid: string, change: PasswordChange): Promise<void> {
      const user = await load(uuid);
      checkPassword(change.newPassword);
      if (user.uuid === actor.userUuid) {
        const old = change.oldPassword ?? '';
        if (!user.password_hash || !(await verifyPassword(old, user.password_hash))) {
          throw new HttpError(400, 'The current password is not right');
        }
      }
      await repo.update(user.uuid, {
        password_hash: await hashPassword(change.newPassword),
        confirmed_at: user.confirmed_at ?? new Date(),
      });
      await revoke.endSessionsOf(user.uuid);
    },

    async image(uuid: string) {
      const user = await load(uuid);
      return images.read(user.uuid);
    },

    /** A new profile picture: the user's img becomes its address. */
    async uploadImage(actor: Actor, uuid: string, upload: UserImageUpload): Promise<User> {
      const bytes = images.check(upload);
      const user = await load(uuid);
      await repo.update(user.uuid, { img: await images.store(user.uuid, bytes) });
      return show(actor, user.uuid);
    },

    /** Removes the uploaded picture; an img that points elsewhere stays. */
    async removeImage(actor: Actor, uuid: string): Promise<User> {
      const user = await load(uuid);
      await images.remove(user.uuid);
      if (user.img && isImagePathOf(user.uuid, user.img))
        await repo.update(user.uuid, { img: null });
      return show(actor, user.uuid);
    },
  };
}
