import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';

/**
 * Changes of who may do what, which whatever a caller opened before must
 * follow at once: an MQTT connection signed in with a token, a live socket
 * signed in with a session, a socket following a device that moved; and
 * changes of the device settings ingest caches.
 */
export type AccessEvent =
  /** An API token was deleted (or found expired): its connections and sockets close. */
  | { type: 'token.revoked'; tokenId: number }
  /** A session ended (sign-out, password change): its sockets close. */
  | { type: 'session.revoked'; sessionHash: string }
  /** A user was deleted, or lost their group or organisation: everything they opened closes. */
  | { type: 'user.revoked'; userUuid: string }
  /**
   * A device moved to another organisation or registry, or was blocked or
   * deleted: its followers and its MQTT connections are checked again.
   */
  | { type: 'device.moved'; deviceId: number }
  /** An organisation moved in the tree: followers of its devices' status are checked again. */
  | { type: 'org.moved'; orgUuid: string }
  /**
   * What ingest reads about devices changed: a device was created or edited
   * (deleted: device.moved), or a registry, device type or cloud function was
   * edited (one in use cannot be deleted). Ingest forgets the device settings
   * it cached (docs/ingest.md).
   */
  | { type: 'settings.changed'; of: SettingsSubject; id: number };

/** What a `settings.changed` event names by its id. */
export type SettingsSubject = 'device' | 'registry' | 'deviceType' | 'function';
const settingsSubjects: readonly unknown[] = [
  'device',
  'registry',
  'deviceType',
  'function',
] satisfies SettingsSubject[];

export type AccessEventType = AccessEvent['type'];

export interface AccessEvents {
  /** Tells this node's listeners at once, and every other node through Redis when configured. */
  emit(event: AccessEvent): void;
  on(listener: (event: AccessEvent) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessEvents: AccessEvents;
  }
}

const isAccessEvent = (value: unknown): value is AccessEvent => {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  switch (event.type) {
    case 'token.revoked':
      return typeof event.tokenId === 'number';
    case 'device.moved':
      return typeof event.deviceId === 'number';
    case 'session.revoked':
      return typeof event.sessionHash === 'string';
    case 'user.revoked':
      return typeof event.userUuid === 'string';
    case 'org.moved':
      return typeof event.orgUuid === 'string';
    case 'settings.changed':
      return settingsSubjects.includes(event.of) && typeof event.id === 'number';
    default:
      return false;
  }
};

/**
 * The access-change channel. In one process it is an event emitter; with
 * REDIS_URL every event is also published on `<REDIS_PREFIX>:access`, and
 * each node hands the events of the others to its own listeners.
 */
export default fp(
  async (fastify) => {
    const local = new EventEmitter();
    local.setMaxListeners(50);
    const node = randomUUID();
    const channel = `${fastify.config.redisPrefix}:access`;
    const deliver = (event: AccessEvent) => {
      for (const listener of local.listeners('event')) {
        try {
          (listener as (event: AccessEvent) => void)(event);
        } catch (error) {
          fastify.log.error({ err: error, event }, 'access change listener failed');
        }
      }
    };

    const redis = fastify.redis;
    const publisher = redis?.client;
    if (redis) {
      const subscriber = redis.client.duplicate();
      subscriber.on('error', (error: Error) =>
        fastify.log.warn({ err: error }, 'access change channel: Redis problem'),
      );
      await Promise.race([
        subscriber
          .connect()
          .then(() =>
            subscriber.subscribe(channel, (raw) => {
              try {
                const message = JSON.parse(raw) as { node?: unknown; event?: unknown };
                if (message.node !== node && isAccessEvent(message.event)) deliver(message.event);
              } catch {
                fastify.log.warn('access change channel: unreadable message ignored');
              }
            }),
          )
          .catch((error: unknown) =>
            fastify.log.warn({ err: error }, 'access change channel could not subscribe'),
          ),
        new Promise((resolve) => setTimeout(resolve, 5000).unref()),
      ]);
      fastify.addHook('onClose', async () => {
        if (subscriber.isOpen) await subscriber.close().catch(() => subscriber.destroy());
      });
    }

    fastify.decorate('accessEvents', {
      emit(event: AccessEvent) {
        deliver(event);
        if (publisher?.isReady) {
          publisher
            .publish(channel, JSON.stringify({ node, event }))
            .catch((error: unknown) =>
              fastify.log.warn({ err: error }, 'access change not sent to other nodes'),
            );
        }
      },
      on(listener: (event: AccessEvent) => void) {
        local.on('event', listener);
        return () => local.off('event', listener);
      },
    });
    fastify.addHook('onClose', async () => {
      local.removeAllListeners();
    });
  },
  { name: 'access-events', dependencies: ['config', 'redis'] },
);
