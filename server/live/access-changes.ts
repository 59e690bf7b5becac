import type { Actor } from '../access/access.ts';
import type { AccessEvent } from '../plugins/access-events.ts';

/** What a live socket follows, as far as access changes care. */
export interface Follower {
  actor: Actor;
  /** Whether it follows this device's points, status or message log. */
  follows(deviceId: number): boolean;
}

/**
 * What an access change means for one socket: `end` closes it (its session,
 * token or user was revoked), `recheck` checks its subscriptions again with a
 * fresh actor (a device it follows moved, or an organisation in its scope
 * moved, which may shrink that scope), null leaves it alone.
 */
export function accessAction(event: AccessEvent, socket: Follower): 'end' | 'recheck' | null {
  const { actor } = socket;
  switch (event.type) {
    case 'token.revoked':
      return actor.token?.id === event.tokenId ? 'end' : null;
    case 'session.revoked':
      return actor.sessionHash === event.sessionHash ? 'end' : null;
    case 'user.revoked':
      return actor.userUuid === event.userUuid ? 'end' : null;
    case 'device.moved':
      return socket.follows(event.deviceId) ? 'recheck' : null;
    case 'org.moved':
      // Super users see every organisation wherever it hangs; a scope that
      // does not hold the organisation cannot lose it.
      return !actor.scope.all && actor.scope.orgs.has(event.orgUuid) ? 'recheck' : null;
    case 'settings.changed':
      // Ingest's settings; who may follow a device changes with device.moved.
      return null;
  }
}
