import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { MAX_PACKET_BYTES } from '../ingest/limits.ts';
import {
  BrokerStartError,
  type Broker,
  type BrokerAuth,
  type BrokerPrincipal,
  type MessageHandler,
} from './broker.ts';
import { PacketGate, gateReads } from './packet-gate.ts';
import { PendingConnections } from './pending-connections.ts';
import { topicFilter } from './topic.ts';

export const MQTT_WEBSOCKET_PATH = '/mqtt';

/** What the broker lets a connection hold before and after it signs in. */
export interface EmbeddedBrokerLimits {
  /** The largest message payload a client may publish. */
  maxPayloadBytes: number;
  /** Connections that have not signed in yet: in all, and from one address. */
  maxPending: number;
  maxPendingPerAddress: number;
  /** How long a connection may take to send its whole CONNECT packet. */
  connectTimeoutMs: number;
}

export const defaultBrokerLimits: EmbeddedBrokerLimits = {
  maxPayloadBytes: MAX_PACKET_BYTES,
  maxPending: 1000,
  maxPendingPerAddress: 50,
  connectTimeoutMs: 5_000,
};

/** The largest packet before sign-in: a CONNECT with a client id, a user name and a token. */
const CONNECT_LIMIT_BYTES = 16 * 1024;
/** Beside a payload, a PUBLISH carries its topic, packet id and (MQTT 5) properties. */
const PUBLISH_OVERHEAD_BYTES = 4 * 1024;

/** Why the broker cut a connection short (for logs and metrics). */
export type ConnectionRefusal = 'pending-limit' | 'packet-too-large' | 'client-id';

export interface EmbeddedBrokerOptions {
  port: number;
  host: string;
  auth: BrokerAuth;
  limits?: Partial<EmbeddedBrokerLimits>;
  onRefused?: (reason: ConnectionRefusal, detail: string) => void;
}

export interface EmbeddedBroker extends Broker {
  port: number;
  /** Connections that have not signed in yet. */
  pendingConnections(): number;
}

/** A connection's sign-in state: its gate, and its place among the pending ones until it signs in. */
interface Connection {
  gate: PacketGate;
  release: () => void;
  /** The client sent no client id, so Aedes made one up. */
  idAssigned: boolean;
  principal?: BrokerPrincipal;
}

export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const limits = { ...defaultBrokerLimits, ...options.limits };
  const pending = new PendingConnections({
    total: limits.maxPending,
    perAddress: limits.maxPendingPerAddress,
  });
  const connections = new Map<Client, Connection>();
  const refused = (reason: ConnectionRefusal, detail: string) =>
    options.onRefused?.(reason, detail);
  /** Per filter: its compiled match and its handlers. */
  const handlers = new Map<
    string,
    { matches: (topic: string) => boolean; set: Set<MessageHandler> }
  >();
  /**
   * Aedes sends a QoS 1 PUBACK right after authorizePublish, before it
   * delivers the message; so a client's message is handed to the platform's
   * handlers here, and acknowledged (and delivered to other subscribers) only
   * once they are done. While the database is down ingest's handler waits
   * (server/ingest/retry.ts), so the PUBACK is held back; a failing handler
   * disconnects the client unacknowledged.
   */
  const dispatch = async (topic: string, payload: Buffer) => {
    const work: (Promise<void> | void)[] = [];
    for (const { matches, set } of handlers.values()) {
      if (!matches(topic)) continue;
      for (const handler of set) work.push(handler(topic, payload));
    }
    if (work.length > 0) await Promise.all(work);
  };
  const refuseSignIn = (returnCode: 2 | 4, message: string) => {
    const error = new Error(message) as AuthenticateError;
    error.returnCode = returnCode;
    return error;
  };
  const aedes = await Aedes.createBroker({
    connectTimeout: limits.connectTimeoutMs,
    preConnect(client, packet, done) {
      const connection = connections.get(client);
      if (connection) connection.idAssigned = !packet.clientId;
      done(null, true);
    },
    authenticate(client, username, password, done) {
      options.auth.authenticate(username, password).then(
        (principal) => {
          const connection = connections.get(client);
          if (!principal || !connection) {
            done(refuseSignIn(4, 'Bad username or password'), false);
            return;
          }
          const clientId = connection.idAssigned ? null : client.id;
          if (options.auth.mayUseClientId && !options.auth.mayUseClientId(principal, clientId)) {
            refused('client-id', `client id ${client.id} refused for ${principal.id}`);
            done(refuseSignIn(2, 'This client id belongs to another device'), false);
            return;
          }
          connection.principal = principal;
          connection.gate.signedIn();
          connection.release();
          done(null, true);
        },
        (error: unknown) => done(error as AuthenticateError, false),
      );
    },
    authorizePublish(client, packet, done) {
      // Messages the platform publishes itself have no client.
      if (!client) {
        done(null);
        return;
      }
      const principal = connections.get(client)?.principal;
      if (!principal || !options.auth.canPublish(principal, packet.topic)) {
        done(new Error('Not allowed to publish to this topic'));
        return;
      }
      const payload =
        typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      if (payload.length > limits.maxPayloadBytes) {
        refused('packet-too-large', `a ${payload.length} byte payload from ${principal.id}`);
        done(new Error(`Payload larger than ${limits.maxPayloadBytes} bytes`));
        return;
      }
      dispatch(packet.topic, payload).then(
        () => done(null),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },
    authorizeSubscribe(client, subscription, done) {
      const principal = connections.get(client)?.principal;
      if (!principal || !options.auth.canSubscribe(principal, subscription.topic)) {
        done(new Error('Not allowed to subscribe to this topic'), null);
        return;
      }
      done(null, subscription);
    },
  });

  /**
   * Every connection, over TCP or WebSocket, passes here: it counts as
   * pending until it signs in, and its packets are gated by size from the
   * first byte (before sign-in: CONNECT_LIMIT_BYTES).
   */
  const accept = (stream: Duplex, address: string, request?: IncomingMessage) => {
    const release = pending.admit(address);
    if (!release) {
      refused('pending-limit', `too many connections not signed in (from ${address})`);
      stream.destroy();
      return;
    }
    const gate = new PacketGate({
      beforeSignIn: CONNECT_LIMIT_BYTES,
      bytesBeforeSignIn: 4 * CONNECT_LIMIT_BYTES,
      afterSignIn: limits.maxPayloadBytes + PUBLISH_OVERHEAD_BYTES,
    });
    gateReads(stream, gate);
    stream.on('error', (error: Error) => {
      if (error.name === 'PacketRefusedError') refused('packet-too-large', error.message);
    });
    const client = aedes.handle(stream, request);
    connections.set(client, { gate, release, idAssigned: false });
    stream.once('close', () => {
      release();
      connections.delete(client);
    });
  };

  const tcp = net.createServer((socket) => accept(socket, socket.remoteAddress ?? ''));
  const port = await listen(tcp, options.port, options.host);
  // ws holds a whole WebSocket message before it hands it on: none may be larger than a packet.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxPayloadBytes + PUBLISH_OVERHEAD_BYTES,
  });
  wss.on('connection', (ws, request: IncomingMessage) => {
    accept(createWebSocketStream(ws), request.socket.remoteAddress ?? '', request);
  });

  return {
    kind: 'embedded',
    port,
    describe: () =>
      `embedded broker on mqtt://${options.host}:${port} and ws://…${MQTT_WEBSOCKET_PATH}`,
    isConnected: () => !aedes.closed && tcp.listening,
    pendingConnections: () => pending.size,
    signedIn: () => [...connections.values()].flatMap(({ principal }) => principal ?? []),
    disconnect(match) {
      let closed = 0;
      for (const [client, connection] of connections) {
        if (!connection.principal || !match(connection.principal)) continue;
        connection.principal = undefined;
        client.close();
        closed += 1;
      }
      return closed;
    },
    publish(topic, payload, publishOptions = {}) {
      return new Promise((resolve, reject) => {
        aedes.publish(
          {
            cmd: 'publish',
            topic,
            payload: typeof payload === 'string' ? Buffer.from(payload) : payload,
            qos: publishOptions.qos ?? 0,
            retain: publishOptions.retain ?? false,
            dup: false,
          },
          (error) => (error ? reject(error) : resolve()),
        );
      });
    },
    async subscribe(filter, handler: MessageHandler) {
      const topic = filter.startsWith('$share/') ? filter.split('/').slice(2).join('/') : filter;
      const entry = handlers.get(topic) ?? { matches: topicFilter(topic), set: new Set() };
      handlers.set(topic, entry);
      entry.set.add(handler);
      const deliver = (
        packet: { topic: string; payload: Buffer | string; clientId?: string },
        callback: () => void,
      ) => {
        // A client's message was handled before it was acknowledged (authorizePublish);
        // an unsubscribed or closing broker's handler takes nothing more.
        if (packet.clientId || !entry.set.has(handler)) {
          callback();
          return;
        }
        const payload =
          typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
        Promise.resolve(handler(packet.topic, payload)).then(callback, callback);
      };
      await new Promise<void>((resolve) => aedes.subscribe(topic, deliver, resolve));
      return () => {
        entry.set.delete(handler);
        return new Promise<void>((resolve) => aedes.unsubscribe(topic, deliver, resolve));
      };
    },
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== MQTT_WEBSOCKET_PATH) return false;
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
      return true;
    },
    async close() {
      // The platform's subscriptions end first, so nothing more is handed to ingest while it closes.
      handlers.clear();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}

function listen(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new BrokerStartError(
            `MQTT port ${port} is already in use, so the embedded MQTT broker cannot start. ` +
              `If another broker (such as Mosquitto) runs there, set MQTT_URL=mqtt://127.0.0.1:${port} to use it; ` +
              `otherwise set MQTT_PORT to a free port.`,
          ),
        );
      } else {
        reject(
          new BrokerStartError(
            `The embedded MQTT broker cannot listen on port ${port}: ${error.message}`,
          ),
        );
      }
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
