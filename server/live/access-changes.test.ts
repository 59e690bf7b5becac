import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/access.ts';
import { accessAction } from './access-changes.ts';

const person: Actor = {
  userUuid: 'user-1',
  orgUuid: 'org-a',
  group: 2,
  via: 'session',
  sessionHash: 'hash-1',
  scope: { all: false, orgs: new Set(['org-a', 'org-a-north']) },
};
const byToken: Actor = {
  ...person,
  via: 'token',
  sessionHash: undefined,
  token: { id: 7, type: 'general', reference: null },
};
const superUser: Actor = { ...person, group: 1, scope: { all: true } };
const following = (actor: Actor, ...deviceIds: number[]) => ({
  actor,
  follows: (id: number) => deviceIds.includes(id),
});

describe('accessAction', () => {
  it('ends the sockets of a revoked session, token or user, and no others', () => {
    expect(
      accessAction({ type: 'session.revoked', sessionHash: 'hash-1' }, following(person)),
    ).toBe('end');
    expect(
      accessAction({ type: 'session.revoked', sessionHash: 'hash-2' }, following(person)),
    ).toBe(null);
    expect(
      accessAction({ type: 'session.revoked', sessionHash: 'hash-1' }, following(byToken)),
    ).toBe(null);
    expect(accessAction({ type: 'token.revoked', tokenId: 7 }, following(byToken))).toBe('end');
    expect(accessAction({ type: 'token.revoked', tokenId: 8 }, following(byToken))).toBe(null);
    expect(accessAction({ type: 'token.revoked', tokenId: 7 }, following(person))).toBe(null);
    expect(accessAction({ type: 'user.revoked', userUuid: 'user-1' }, following(byToken))).toBe(
      'end',
    );
    expect(accessAction({ type: 'user.revoked', userUuid: 'user-2' }, following(person))).toBe(
      null,
    );
  });

  it('checks again the followers of a moved device', () => {
    expect(accessAction({ type: 'device.moved', deviceId: 3 }, following(person, 3))).toBe(
      'recheck',
    );
    expect(accessAction({ type: 'device.moved', deviceId: 4 }, following(person, 3))).toBe(null);
  });

  it('checks again the sockets whose scope held a moved organisation', () => {
    expect(accessAction({ type: 'org.moved', orgUuid: 'org-a-north' }, following(person))).toBe(
      'recheck',
    );
    expect(accessAction({ type: 'org.moved', orgUuid: 'org-b' }, following(person))).toBe(null);
    expect(accessAction({ type: 'org.moved', orgUuid: 'org-a-north' }, following(superUser))).toBe(
      null,
    );
  });
});
