import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { Type, type Static } from 'typebox';
import { UserCreate, type GroupId, type Language, type User } from '../../../../contracts/user.ts';
import { textOrNull } from '../../../ui/form/values.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { isWebUrl } from './form-rules.ts';
import { isUploadedImageOf } from './user-name.ts';

/**
 * What the user form sends: a new user's fields, the organisation left out
 * where the editor may not set it (one's own profile).
 */
export const UserFields = Type.Object(
  { ...UserCreate.properties, orgUuid: Type.Optional(UserCreate.properties.orgUuid) },
  { additionalProperties: false },
);
export type UserFields = Static<typeof UserFields>;

/** The social profiles a user can link (keys as the API stores them). */
export const SOCIAL_KEYS = ['linkedin', 'twitter', 'facebook', 'instagram', 'github'] as const;

export interface UserValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  mobile: string;
  orgUuid: string;
  groupId: GroupId;
  language: Language;
  bio: string;
  birthday: string;
  position: string;
  location: string;
  tags: string;
  newsletter: boolean;
  /** By key; a key whose field was never touched is undefined. */
  social: Partial<Record<string, string>>;
  img: string;
  recoveryEmail: string;
}

export const userValues = (user: User | undefined, defaultOrg: string): UserValues => ({
  email: user?.email ?? '',
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  phone: user?.phone ?? '',
  mobile: user?.mobile ?? '',
  orgUuid: user?.org.uuid ?? defaultOrg,
  groupId: user?.group.id ?? 3,
  language: user?.language ?? 'da',
  bio: user?.bio ?? '',
  birthday: user?.birthday ?? '',
  position: user?.position ?? '',
  location: user?.location ?? '',
  tags: (user?.tags ?? []).join(', '),
  newsletter: user?.newsletter ?? false,
  social: { ...(user?.social ?? {}) },
  img: user?.img ?? '',
  recoveryEmail: user?.recoveryEmail ?? '',
});

export const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** The body the values make; `admin` says whether the organisation and group go along. */
export const userBody =
  (admin: boolean) =>
  (values: UserValues): Omit<UserFields, 'email'> & { email?: string } => {
    const email = values.email.trim();
    return {
      // Left out when blank, so the contract names it as missing rather than malformed.
      ...(email ? { email } : {}),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: textOrNull(formatPhone(values.phone)),
      mobile: textOrNull(formatPhone(values.mobile)),
      language: values.language,
      bio: textOrNull(values.bio),
      birthday: textOrNull(values.birthday),
      position: textOrNull(values.position),
      location: textOrNull(values.location),
      tags: splitTags(values.tags),
      newsletter: values.newsletter,
      social: Object.fromEntries(
        Object.entries(values.social)
          .map(([key, url]) => [key, (url ?? '').trim()] as const)
          .filter(([, url]) => url !== ''),
      ),
      img: textOrNull(values.img),
      recoveryEmail: textOrNull(values.recoveryEmail),
      ...(admin ? { orgUuid: values.orgUuid, groupId: values.groupId } : {}),
    };
  };

const notUrl = msg`Not a valid URL`;
const tooManyTags = msg`At most 50 tags of at most 50 characters`;

export const userMessages = {
  email: { required: msg`E-mail is required`, format: msg`Not a valid e-mail address` },
  orgUuid: { '*': msg`Organisation is required` },
  img: { '*': notUrl },
  tags: { '*': tooManyTags },
  ...Object.fromEntries(SOCIAL_KEYS.map((key) => [`social.${key}`, { '*': notUrl }])),
};

/**
 * The rules the contract leaves to the server's services: web addresses need
 * a real host name, and tags are shown as one text, so their limits are said
 * of the whole field. `user` is the one edited (their uploaded picture is fine).
 */
export const userChecks =
  (i18n: I18n, user: User | undefined) =>
  (values: UserValues): Partial<Record<string, string>> => {
    const found: Partial<Record<string, string>> = {};
    const img = values.img.trim();
    if (img && !isWebUrl(img) && !(user && isUploadedImageOf(user.uuid, img)))
      found.img = i18n._(notUrl);
    for (const key of SOCIAL_KEYS) {
      const url = values.social[key]?.trim();
      if (url && !isWebUrl(url)) found[`social.${key}`] = i18n._(notUrl);
    }
    const tags = splitTags(values.tags);
    if (tags.length > 50 || tags.some((tag) => tag.length > 50)) found.tags = i18n._(tooManyTags);
    return found;
  };
