import type { SignedInUser } from '../../contracts/session.ts';

/** Whether the signed-in user holds a privilege (the server's matrix decides; this only hides what it would refuse). */
export function hasPrivilege(user: SignedInUser | null | undefined, name: string): boolean {
  return user?.privileges.includes(name) ?? false;
}
