import type { Updateable } from 'kysely';
import { json } from '../db/json.ts';
import type { NewUser, UsersTable } from '../db/types.ts';
import { formatPhone } from '../lib/phone.ts';
import type { UserCreate, UserUpdate } from '../../contracts/user.ts';

/** A user's fields as the API names them, in the columns that keep them. */
export const userValues = {
  /** A new user's profile; the caller adds username, group and active. */
  created(body: UserCreate): Omit<NewUser, 'username' | 'group_id' | 'active'> {
    return {
      email: body.email,
      org_uuid: body.orgUuid,
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
    };
  },

  /** The columns an update sets: only the fields it carries. */
  updated(body: UserUpdate): Updateable<UsersTable> {
    return {
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
    };
  },
};
