import type { FastifyBaseLogger } from 'fastify';
import type { Broker } from '../broker/broker.ts';
import type { AccessEvent, AccessEvents } from '../plugins/access-events.ts';
import { isDevicePrincipal, type DeviceBrokerAuth, type DevicePrincipal } from './broker-auth.ts';

export interface RevocationDeps {
  events: AccessEvents;
  broker: Broker;
  auth: DeviceBrokerAuth;
  log: FastifyBaseLogger;
}

/**
 * Closes devices' MQTT connections on this node as soon as what they signed
 * in with stops working (docs/ingest.md): at once for a revoked token; after
 * checking again for a user who lost rights (their tokens work while they are
 * active) and for a device that was blocked, deleted or moved. Every node
 * hears every change through the access-events bus. The device directory
 * heard it first (its listener is added when the ingest plugin is registered,
 * before this one at onReady), so a check reads fresh settings and tokens.
 * Gives the unsubscribe.
 */
export function closeRevokedConnections(deps: RevocationDeps): () => void {
  const { broker, auth, log } = deps;
  const { disconnect, signedIn } = broker;
  if (!disconnect || !signedIn) return () => undefined;
  const devices = (match: (principal: DevicePrincipal) => boolean) =>
    signedIn.call(broker).filter(isDevicePrincipal).filter(match);
  const close = (principals: DevicePrincipal[], reason: string) => {
    if (principals.length === 0) return;
    const closing = new Set<unknown>(principals);
    const closed = disconnect.call(broker, (principal) => closing.has(principal));
    log.info({ closed, reason }, 'MQTT: closed device connections whose access ended');
  };
  const checkAgain = async (principals: DevicePrincipal[], reason: string) => {
    const verdicts = await Promise.all(principals.map((p) => auth.stillValid(p)));
    close(
      principals.filter((_, i) => !verdicts[i]),
      reason,
    );
  };

  const onEvent = (event: AccessEvent) => {
    switch (event.type) {
      case 'token.revoked':
        close(
          devices((p) => p.tokenId === event.tokenId),
          event.type,
        );
        return;
      case 'user.revoked': {
        const made = devices((p) => p.tokenCreator === event.userUuid);
        if (made.length > 0) void checkAgain(made, event.type).catch(failed);
        return;
      }
      case 'device.moved': {
        const its = devices((p) => p.deviceId === event.deviceId);
        if (its.length > 0) void checkAgain(its, event.type).catch(failed);
        return;
      }
      default:
        return;
    }
  };
  const failed = (error: unknown) =>
    log.warn({ err: error }, 'MQTT: checking connections after an access change failed');
  return deps.events.on(onEvent);
}
