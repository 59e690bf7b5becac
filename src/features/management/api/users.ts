import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fileToBase64 } from '../../../lib/files.ts';
import type { ListState } from '../../../lib/list-search.ts';
import { localPage } from './local-page.ts';

export type GroupId = 1 | 2 | 3;
export type Language = 'da' | 'en';

/** A user as the API shows it (server/schemas/user.ts). */
export interface User {
  uuid: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  org: { uuid: string; name: string };
  group: { id: GroupId; name: string };
  role: string;
  privileges: string[];
  phone: string | null;
  mobile: string | null;
  language: Language;
  bio: string | null;
  birthday: string | null;
  position: string | null;
  location: string | null;
  tags: string[];
  newsletter: boolean;
  social: Record<string, string>;
  img: string | null;
  recoveryEmail: string | null;
  active: boolean;
  confirmed: boolean;
  loginSuspended: boolean;
  loginSuspendedUntil: string | null;
  created: string;
  modified: string;
  lastSignIn: string | null;
  internal?: { favourites?: unknown[] };
}

/** What a person edits on a profile; the administrative fields only a manager sets. */
export interface UserInput {
  email: string;
  username?: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  mobile: string | null;
  language: Language;
  bio: string | null;
  birthday: string | null;
  position: string | null;
  location: string | null;
  tags: string[];
  newsletter: boolean;
  social: Record<string, string>;
  img: string | null;
  recoveryEmail: string | null;
  orgUuid?: string;
  groupId?: GroupId;
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: () => [...userKeys.lists(), 'all'] as const,
  ofOrg: (orgUuid: string) => [...userKeys.lists(), 'org', orgUuid] as const,
  detail: (uuid: string) => [...userKeys.all, 'detail', uuid] as const,
};

export const fullName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

export const userListQuery = () =>
  queryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => apiRequest<User[]>('core', '/entity/users', { signal }),
  });

export const orgUsersQuery = (orgUuid: string) =>
  queryOptions({
    queryKey: userKeys.ofOrg(orgUuid),
    queryFn: ({ signal }) => apiRequest<User[]>('core', `/entity/users/${orgUuid}`, { signal }),
  });

export const userQuery = (uuid: string) =>
  queryOptions({
    queryKey: userKeys.detail(uuid),
    queryFn: ({ signal }) => apiRequest<User>('core', `/entity/user/${uuid}`, { signal }),
  });

export const userPage = (users: readonly User[], state: ListState) =>
  localPage(users, state, {
    searchText: (u) => [fullName(u), u.email, u.org.name, u.position ?? '', u.phone ?? ''],
    sortBy: {
      name: (u) => fullName(u),
      email: (u) => u.email,
      org: (u) => u.org.name,
      group: (u) => u.group.id,
      lastSignIn: (u) => u.lastSignIn,
      created: (u) => u.created,
    },
    filterBy: { group: (u) => String(u.group.id), org: (u) => u.org.uuid },
  });

export const createUser = (body: UserInput) =>
  apiRequest<User & { confirmationMailSent: boolean }>('core', '/entity/user', {
    method: 'POST',
    body,
  });

export const updateUser = (uuid: string, body: Partial<UserInput> & Record<string, unknown>) =>
  apiRequest<User>('core', `/entity/user/${uuid}`, { method: 'PUT', body });

/** The largest profile picture the API takes (server/schemas/user.ts). */
export const USER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const USER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Uploads a user's profile picture; the answer is the user with its new image address. */
export async function uploadUserImage(uuid: string, file: File): Promise<User> {
  return apiRequest<User>('core', `/entity/user/${uuid}/image`, {
    method: 'PUT',
    body: { contentType: file.type, data: await fileToBase64(file) },
  });
}

export const removeUserImage = (uuid: string) =>
  apiRequest<User>('core', `/entity/user/${uuid}/image`, { method: 'DELETE' });

/** Whether an image address is this user's own uploaded picture (as the API gives it). */
export const isUploadedImageOf = (uuid: string, img: string) =>
  img.startsWith(`/api/entity/user/${uuid}/image?v=`);

export const deleteUser = (uuid: string) =>
  apiRequest<{ ok: boolean }>('core', `/entity/user/${uuid}`, { method: 'DELETE' });

export const resendConfirmation = (uuid: string) =>
  apiRequest<{ ok: boolean }>('core', `/entity/user/${uuid}/resendconfirmmail`, {
    method: 'POST',
    body: {},
  });

export const changePassword = (uuid: string, oldPassword: string, newPassword: string) =>
  apiRequest<{ ok: boolean }>('core', `/entity/user/${uuid}/setpassword`, {
    method: 'POST',
    body: { oldPassword, newPassword },
  });
