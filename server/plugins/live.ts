import type { IncomingHttpHeaders } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { Server, type Socket } from 'socket.io';
import { can, mayReadDeviceData, type Actor } from '../access/access.ts';
import { groupAllows } from '../access/matrix.ts';
import type {
  CommittedBatch,
  CommittedMessage,
  CommittedPoint,
  StatusChange,
} from '../ingest/events.ts';
import {
  LIVE_PATH,
  type LiveClientEvents,
  type LiveConnectRefusal,
  type LivePoint,
  type LiveServerEvents,
  type MessagesSubscribeAck,
  type SubscribeAck,
  type Unchecked,
  type UnsubscribeAck,
} from '../../contracts/live.ts';
import type { Message } from '../../contracts/message.ts';
import { accessAction } from '../live/access-changes.ts';
import { createCoalescer } from '../live/coalescer.ts';
import {
  parseMessageSubscription,
  parseSubscription,
  pointRooms,
  rooms,
  type Subscription,
} from '../live/subscriptions.ts';
import { liveRepository } from '../repositories/live-repository.ts';
import { isOwnOrigin } from '../auth/session-cookie.ts';
import { actorResolver, sessionCookie } from './auth.ts';

const COALESCE_MS = 15;
const BATCH_POINTS = 500;
const SESSION_CHECK_MS = 60_000;

interface LiveSocketData {
  secret: string;
  actor: Actor;
  /** Subscribed devices and their key filters (null: every key). */
  devices: Map<number, string[] | null>;
  org: boolean;
  /** Devices whose message log the socket follows. */
  messageDevices: Set<number>;
}
type Answer = SubscribeAck | MessagesSubscribeAck | UnsubscribeAck;
type Ack = (answer: Answer) => void;

// What a client sends is checked (live/subscriptions.ts), so it arrives as unknown.
type ClientEvents = Unchecked<LiveClientEvents>;
type LiveServer = Server<ClientEvents, LiveServerEvents, Record<string, never>, LiveSocketData>;
type LiveSocket = Socket<ClientEvents, LiveServerEvents, Record<string, never>, LiveSocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    live: {
      io: LiveServer;
      /** Disconnects sockets whose session or token no longer works (runs every minute). */
      checkSessions(): Promise<void>;
    };
  }
}

/**
 * The secret a handshake carries: `auth.token`, a bearer header, or the
 * SESSION cookie. The cookie only from the console's own origin, so another
 * site cannot open a feed with a visitor's cookie.
 */
function handshakeSecret(
  handshake: { auth: Record<string, unknown>; headers: IncomingHttpHeaders },
  publicUrl: string,
) {
  const token = handshake.auth.token;
  if (typeof token === 'string' && token) return token;
  const header = handshake.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || null;
  const { origin, host } = handshake.headers;
  if (origin !== undefined && !isOwnOrigin(origin, host, publicUrl)) return null;
  return sessionCookie(handshake.headers.cookie);
}

const wirePoint = ({ key, time, value, textValue }: CommittedPoint): LivePoint => ({
  key,
  time,
  value,
  textValue,
});

const wireMessage = (m: CommittedMessage): Message => ({
  id: m.id,
  deviceId: m.deviceId,
  deviceName: m.deviceName,
  registryId: m.registryId,
  registryName: m.registryName,
  receivedAt: m.receivedAt,
  topic: m.topic,
  payload: m.payload,
  encoding: m.encoding,
});

/**
 * The live feed: socket.io at /api/live. Sockets sign in like REST callers,
 * subscribe to devices they may read, and receive points as ingest decodes
 * them (batched, ahead of their commit)
 * and status changes. With REDIS_URL the Redis adapter fans rooms out across
 * API nodes. See docs/live.md.
 */
export default fp(
  async (fastify) => {
    const actorOf = actorResolver(fastify.db);
    const repo = liveRepository(fastify.db);
    const io: LiveServer = new Server(fastify.server, {
      path: LIVE_PATH,
      serveClient: false,
      // Other upgrades on this server (MQTT over WebSocket at /mqtt) are not ours to end.
      destroyUpgrade: false,
      maxHttpBufferSize: 100_000,
    });

    const redisClients: { close(): Promise<void>; destroy(): void; isOpen: boolean }[] = [];
    if (fastify.redis) {
      const pub = fastify.redis.client.duplicate();
      const sub = fastify.redis.client.duplicate();
      for (const client of [pub, sub]) {
        client.on('error', (error: Error) =>
          fastify.log.warn({ err: error }, 'live feed Redis problem'),
        );
        redisClients.push(client);
      }
      await Promise.race([
        Promise.all([pub.connect(), sub.connect()]).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 5000).unref()),
      ]);
      io.adapter(createAdapter(pub, sub, { key: `${fastify.config.redisPrefix}:live` }));
    }

    // Registered with the app's registry, which reads it on every scrape.
    new Gauge({
      name: 'nordlys_live_sockets',
      help: 'Live feed sockets connected to this node',
      registers: [fastify.metrics],
      collect() {
        this.set(io.of('/').sockets.size);
      },
    });
    const sentPoints = new Counter({
      name: 'nordlys_live_points_total',
      help: 'Points this node sent to live feed rooms (a point sent to two rooms counts twice)',
      registers: [fastify.metrics],
    });
    const sentMessages = new Counter({
      name: 'nordlys_live_messages_total',
      help: 'Logged messages this node sent to live feed rooms',
      registers: [fastify.metrics],
    });

    io.use((socket, next) => {
      const secret = handshakeSecret(socket.handshake, fastify.config.publicUrl);
      const data: LiveConnectRefusal = { statusCode: 401 };
      const refuse = () => next(Object.assign(new Error('Sign in to continue'), { data }));
      if (!secret) return refuse();
      actorOf(secret).then(
        (actor) => {
          if (!actor) return refuse();
          const data: LiveSocketData = {
            secret,
            actor,
            devices: new Map(),
            org: false,
            messageDevices: new Set(),
          };
          socket.data = data;
          next();
        },
        (error: unknown) => {
          fastify.log.error({ err: error }, 'live feed sign-in failed');
          next(new Error('Could not sign in'));
        },
      );
    });

    function endSession(socket: LiveSocket): void {
      socket.emit('session.ended');
      socket.disconnect(true);
    }

    // A socket's subscription changes apply one after the other, in the order
    // they came: each waits for database checks, and an earlier, smaller key
    // list finishing last would otherwise drop keys; an access check after a
    // move must likewise see what a subscribe in flight joined.
    const turns = new WeakMap<LiveSocket, Promise<unknown>>();
    function inTurn<T>(socket: LiveSocket, task: () => Promise<T>): Promise<T> {
      const turn = (turns.get(socket) ?? Promise.resolve()).then(task);
      turns.set(
        socket,
        turn.catch(() => undefined),
      );
      return turn;
    }

    async function leaveDevice(socket: LiveSocket, id: number): Promise<void> {
      const keys = socket.data.devices.get(id);
      if (keys === undefined) return;
      socket.data.devices.delete(id);
      for (const room of [rooms.device(id), ...pointRooms(id, keys)]) await socket.leave(room);
    }

    function orgRooms(actor: Actor): string[] {
      if (actor.scope.all) return [rooms.allOrgs];
      return [...actor.scope.orgs].map(rooms.org);
    }

    /** Status of every device in the caller's organisations: people and general tokens only. */
    const mayFollowOrgs = (actor: Actor) =>
      (!actor.token || actor.token.type === 'general') &&
      groupAllows(actor.group, 'device', 'list');

    async function subscribe(
      socket: LiveSocket,
      request: Subscription,
    ): Promise<SubscribeAck | null> {
      const actor = await actorOf(socket.data.secret);
      if (!actor) return null;
      socket.data.actor = actor;
      const owners = await repo.dataOwners(request.deviceIds);
      const allowed = new Set(owners.filter((o) => mayReadDeviceData(actor, o)).map((o) => o.id));
      const subscribed = request.deviceIds.filter((id) => allowed.has(id));
      for (const id of subscribed) {
        await leaveDevice(socket, id);
        socket.data.devices.set(id, request.keys);
        await socket.join([rooms.device(id), ...pointRooms(id, request.keys)]);
      }
      if (request.org === true && mayFollowOrgs(actor)) {
        await socket.join(orgRooms(actor));
        socket.data.org = true;
      }
      return {
        ok: true,
        subscribed,
        refused: request.deviceIds.filter((id) => !allowed.has(id)),
        org: socket.data.org,
      };
    }

    async function unsubscribe(socket: LiveSocket, request: Subscription): Promise<UnsubscribeAck> {
      const unsubscribed = request.deviceIds.filter((id) => socket.data.devices.has(id));
      for (const id of unsubscribed) await leaveDevice(socket, id);
      if (request.org === true && socket.data.org) {
        for (const room of socket.rooms) if (room.startsWith('o:')) await socket.leave(room);
        socket.data.org = false;
      }
      return { ok: true, unsubscribed };
    }

    /**
     * The message log follows the messages API (`GET /api/v1/messages/`): people
     * and general tokens with `device.list` in the device's organisation.
     */
    async function subscribeMessages(
      socket: LiveSocket,
      request: { deviceIds: number[] },
    ): Promise<MessagesSubscribeAck | null> {
      const actor = await actorOf(socket.data.secret);
      if (!actor) return null;
      socket.data.actor = actor;
      const owners = await repo.dataOwners(request.deviceIds);
      const allowed = new Set(
        owners.filter((o) => can(actor, 'device', 'list', o.orgUuid)).map((o) => o.id),
      );
      const subscribed = request.deviceIds.filter((id) => allowed.has(id));
      for (const id of subscribed) socket.data.messageDevices.add(id);
      await socket.join(subscribed.map(rooms.messages));
      return {
        ok: true,
        subscribed,
        refused: request.deviceIds.filter((id) => !allowed.has(id)),
      };
    }

    async function unsubscribeMessages(
      socket: LiveSocket,
      request: { deviceIds: number[] },
    ): Promise<UnsubscribeAck> {
      const unsubscribed = request.deviceIds.filter((id) => socket.data.messageDevices.has(id));
      for (const id of unsubscribed) {
        socket.data.messageDevices.delete(id);
        await socket.leave(rooms.messages(id));
      }
      return { ok: true, unsubscribed };
    }

    /**
     * After a move: checks what the socket follows again with a fresh actor and
     * leaves what its caller may no longer follow (devices, message logs,
     * organisations' status), telling the client which devices it lost.
     */
    async function recheck(socket: LiveSocket): Promise<void> {
      if (socket.disconnected) return;
      const actor = await actorOf(socket.data.secret);
      if (!actor) return endSession(socket);
      socket.data.actor = actor;
      const { devices, messageDevices } = socket.data;
      const owners = new Map(
        (await repo.dataOwners([...new Set([...devices.keys(), ...messageDevices])])).map(
          (owner) => [owner.id, owner],
        ),
      );
      const deviceIds = [...devices.keys()].filter((id) => {
        const owner = owners.get(id);
        return !owner || !mayReadDeviceData(actor, owner);
      });
      const messageDeviceIds = [...messageDevices].filter((id) => {
        const owner = owners.get(id);
        return !owner || !can(actor, 'device', 'list', owner.orgUuid);
      });
      for (const id of deviceIds) await leaveDevice(socket, id);
      for (const id of messageDeviceIds) {
        messageDevices.delete(id);
        await socket.leave(rooms.messages(id));
      }
      if (socket.data.org) {
        const followed = new Set(mayFollowOrgs(actor) ? orgRooms(actor) : []);
        for (const room of [...socket.rooms]) {
          if (room.startsWith('o:') && !followed.has(room)) await socket.leave(room);
        }
        socket.data.org = followed.size > 0;
      }
      if (deviceIds.length > 0 || messageDeviceIds.length > 0) {
        socket.emit('subscriptions.ended', { deviceIds, messageDeviceIds });
      }
    }

    // Revocations and moves (any node's, through Redis) reach this node's sockets at once.
    const stopFollowingAccess = fastify.accessEvents.on((event) => {
      for (const socket of io.of('/').sockets.values()) {
        const follows = (id: number) =>
          socket.data.devices.has(id) || socket.data.messageDevices.has(id);
        const action = accessAction(event, { actor: socket.data.actor, follows });
        if (action === 'end') endSession(socket);
        if (action !== 'recheck') continue;
        inTurn(socket, () => recheck(socket)).catch((error: unknown) => {
          // Unsure what it may still follow, the socket goes; the client signs in again.
          fastify.log.error({ err: error }, 'live feed access check failed');
          socket.disconnect(true);
        });
      }
    });

    io.on('connection', (socket) => {
      const handle =
        <R>(
          parse: (payload: unknown) => R | string,
          run: (socket: LiveSocket, request: R) => Promise<Answer | null>,
        ) =>
        (payload: unknown, ack?: unknown) => {
          const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => undefined;
          const refuse = (error: string) => reply({ ok: false, error });
          const request = parse(payload);
          if (typeof request === 'string') return refuse(request);
          inTurn(socket, () => run(socket, request)).then(
            (answer) => {
              if (answer) return reply(answer);
              refuse('Your session has ended');
              endSession(socket);
            },
            (error: unknown) => {
              fastify.log.error({ err: error }, 'live feed subscription failed');
              refuse('Could not subscribe; try again');
            },
          );
        };
      socket.on(
        'subscribe',
        handle((payload) => parseSubscription(payload, true), subscribe),
      );
      socket.on(
        'unsubscribe',
        handle((payload) => parseSubscription(payload, false), unsubscribe),
      );
      socket.on('messages.subscribe', handle(parseMessageSubscription, subscribeMessages));
      socket.on('messages.unsubscribe', handle(parseMessageSubscription, unsubscribeMessages));
    });

    // socket.io encodes a packet even for an empty room. Without the Redis
    // adapter every listener is on this node, so rooms nobody joined are
    // skipped; with it, other nodes' listeners are unknown here.
    const listened = (room: string) => Boolean(fastify.redis) || io.of('/').adapter.rooms.has(room);
    const emitPoints = (batch: CommittedBatch) => {
      const id = batch.deviceId;
      if (listened(rooms.allKeys(id))) {
        io.to(rooms.allKeys(id)).emit('points', {
          deviceId: id,
          points: batch.points.map(wirePoint),
        });
        sentPoints.inc(batch.points.length);
      }
      const byKey = new Map<string, CommittedPoint[]>();
      for (const point of batch.points) {
        const list = byKey.get(point.key);
        if (list) list.push(point);
        else byKey.set(point.key, [point]);
      }
      for (const [key, points] of byKey) {
        if (!listened(rooms.key(id, key))) continue;
        io.to(rooms.key(id, key)).emit('points', { deviceId: id, points: points.map(wirePoint) });
        sentPoints.inc(points.length);
      }
    };
    const coalescer = createCoalescer({
      maxDelayMs: COALESCE_MS,
      maxPoints: BATCH_POINTS,
      flush: emitPoints,
    });
    const onPoints = (batch: CommittedBatch) => coalescer.add(batch);
    const onStatus = (change: StatusChange) => {
      io.to([rooms.device(change.deviceId), rooms.org(change.orgUuid), rooms.allOrgs]).emit(
        'status',
        {
          deviceId: change.deviceId,
          status: change.status,
          lastDataAt: change.lastDataAt,
          lastConnectionAt: change.lastConnectionAt,
        },
      );
    };
    /** One `messages` event per device and committed batch, in packet order. */
    const onMessages = (messages: CommittedMessage[]) => {
      const byDevice = new Map<number, CommittedMessage[]>();
      for (const message of messages) {
        const list = byDevice.get(message.deviceId);
        if (list) list.push(message);
        else byDevice.set(message.deviceId, [message]);
      }
      for (const [deviceId, list] of byDevice) {
        if (!listened(rooms.messages(deviceId))) continue;
        io.to(rooms.messages(deviceId)).emit('messages', {
          deviceId,
          messages: list.map(wireMessage),
        });
        sentMessages.inc(list.length);
      }
    };
    fastify.dataEvents.on('received', onPoints);
    fastify.dataEvents.on('status', onStatus);
    fastify.dataEvents.on('messages', onMessages);

    async function checkSessions(): Promise<void> {
      const local = [...io.of('/').sockets.values()];
      const hashes = local.flatMap((s) =>
        s.data.actor.sessionHash ? [s.data.actor.sessionHash] : [],
      );
      const tokenIds = local.flatMap((s) => (s.data.actor.token ? [s.data.actor.token.id] : []));
      if (local.length === 0) return;
      const valid = await repo.stillValid(hashes, tokenIds);
      for (const socket of local) {
        const { sessionHash, token } = socket.data.actor;
        const alive = token
          ? valid.tokens.has(token.id)
          : sessionHash !== undefined && valid.sessions.has(sessionHash);
        if (!alive) endSession(socket);
      }
    }
    const sweep = setInterval(() => {
      checkSessions().catch((error: unknown) =>
        fastify.log.warn({ err: error }, 'live session check failed'),
      );
    }, SESSION_CHECK_MS);
    sweep.unref();

    fastify.decorate('live', { io, checkSessions });

    fastify.addHook('preClose', async () => {
      clearInterval(sweep);
      stopFollowingAccess();
      fastify.dataEvents.off('received', onPoints);
      fastify.dataEvents.off('status', onStatus);
      fastify.dataEvents.off('messages', onMessages);
      coalescer.flushAll();
      io.local.disconnectSockets(true);
      io.engine.close();
      // The adapter stops listening to Redis; then its connections close gracefully, so its
      // last unsubscribes are answered rather than rejected (or are dropped after 2 s).
      await Promise.resolve(io.of('/').adapter.close()).catch(() => undefined);
      await Promise.all(
        redisClients.map(async (client) => {
          if (!client.isOpen) return;
          const timer = setTimeout(() => client.destroy(), 2000);
          await client.close().catch(() => client.destroy());
          clearTimeout(timer);
        }),
      );
    });
  },
  {
    name: 'live',
    dependencies: [
      'config',
      'database',
      'auth',
      'redis',
      'metrics',
      'data-events',
      'access-events',
    ],
  },
);
