import net from 'node:net';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { signInRepository } from '../repositories/sign-in-repository.ts';

/** Failures of one account from one source that close that pair. */
export const PAIR_FAILURES = 10;
/** Failures from one source, for any usernames, that close it to accounts it is not known for. */
export const SOURCE_FAILURES = 30;
/** Failures of one account from all sources that suspend its sign-in from unknown sources. */
export const ACCOUNT_FAILURES = 30;
/** How far back failures count, and how long the account's suspension lasts. */
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
/** How long a source an account signed in from stays known. */
export const KNOWN_SOURCE_MS = 90 * 24 * 3600 * 1000;
const KEEP_FAILURES_MS = 24 * 3600 * 1000;

export type Refusal = 'pair' | 'source' | 'account';

/**
 * Where an attempt comes from: an IPv4 address, or the /64 of an IPv6 one
 * (one network's share, which it can fill with addresses at will).
 */
export function signInSource(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!net.isIPv6(ip) || ip.includes('.')) return ip;
  const [head = '', tail] = (ip.split('%')[0] ?? '').split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  const prefix = all.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * The password lockout (docs/access.md): failures close the (account, source)
 * pair they came from, so a stranger cannot lock anyone else out; a source
 * failing across many accounts is closed to accounts it is not known for;
 * an account failing from many sources is suspended for sources it never
 * signed in from, while its owner's known sources stay open.
 */
export function signInGuard(db: Kysely<DB>) {
  const repo = signInRepository(db);
  const window = LOCKOUT_WINDOW_MS / 1000;
  return {
    /** Why an attempt is refused before its password counts, or null. */
    async refusal(
      user: { uuid: string; login_suspended_until: Date | null } | null,
      source: string,
    ): Promise<Refusal | null> {
      const standing = await repo.standing(
        user?.uuid ?? null,
        source,
        window,
        KNOWN_SOURCE_MS / 1000,
      );
      if (standing.pairFailures >= PAIR_FAILURES) return 'pair';
      if (standing.known) return null;
      if (standing.sourceFailures >= SOURCE_FAILURES) return 'source';
      const suspended = user?.login_suspended_until;
      if (suspended && suspended > new Date()) return 'account';
      return null;
    },

    /** Counts a failure; answers whether it suspended the account for unknown sources. */
    async failed(userUuid: string | null, source: string): Promise<boolean> {
      const accountFailures = await repo.recordFailure(userUuid, source, window);
      if (userUuid === null || accountFailures < ACCOUNT_FAILURES) return false;
      return repo.suspend(userUuid, window);
    },

    succeeded: (userUuid: string, source: string) => repo.recordSuccess(userUuid, source),

    /** Opens every pair of an account again (its suspension was lifted, its password changed). */
    forgive: (userUuid: string) => repo.forgive(userUuid),

    forgetOld: () => repo.forgetOld(KEEP_FAILURES_MS / 1000, KNOWN_SOURCE_MS / 1000),
  };
}
