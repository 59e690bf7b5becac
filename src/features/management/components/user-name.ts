import type { User } from '../../../../contracts/user.ts';

/** A user's name as lists and headings show it; the e-mail when no name is given. */
export const fullName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** Whether an image address is this user's own uploaded picture (as the API gives it). */
export const isUploadedImageOf = (uuid: string, img: string) =>
  img.startsWith(`/api/entity/user/${uuid}/image?v=`);
