import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import {
  BrokerStartError,
  type Broker,
  type BrokerAuth,
  type BrokerPrincipal,
  type MessageHandler,
} from './broker.ts';
import { topicFilter } from './topic.ts';

export const MQTT_WEBSOCKET_PATH = '/mqtt';
const principals = new WeakMap<Client, BrokerPrincipal>();

export interface EmbeddedBrokerOptions {
  port: number;
  host: string;
  auth: BrokerAuth;
}

export interface EmbeddedBroker extends Broker {
  port: number;
}

export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
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
  const aedes = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      options.auth.authenticate(username, password).then(
        (principal) => {
          if (!principal) {
            const error = new Error('Bad username or password') as AuthenticateError;
            error.returnCode = 4;
            done(error, false);
            return;
          }
          principals.set(client, principal);
          done(null, true);
        },
        (error: unknown) => done(error as AuthenticateError, false),
      );
    },
    authorizePublish(client, packet, done) {
      // Messages the platform publishes itself have no client.
      const principal = client ? principals.get(client) : undefined;
      if (!client) {
        done(null);
        return;
      }
      if (!principal || !options.auth.canPublish(principal, packet.topic)) {
        done(new Error('Not allowed to publish to this topic'));
        return;
      }
      const payload =
        typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      dispatch(packet.topic, payload).then(
        () => done(null),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },
    authorizeSubscribe(client, subscription, done) {
      const principal = principals.get(client);
      if (!principal || !options.auth.canSubscribe(principal, subscription.topic)) {
        done(new Error('Not allowed to subscribe to this topic'), null);
        return;
      }
      done(null, subscription);
    },
  });

  const tcp = net.createServer((socket) => aedes.handle(socket));
  const port = await listen(tcp, options.port, options.host);
  const wss = new WebSocketServer({ noServer: true });
  wss.on('connection', (ws, request: IncomingMessage) => {
    aedes.handle(createWebSocketStream(ws), request);
  });

  return {
    kind: 'embedded',
    port,
    describe: () =>
      `embedded broker on mqtt://${options.host}:${port} and ws://…${MQTT_WEBSOCKET_PATH}`,
    isConnected: () => !aedes.closed && tcp.listening,
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
        // A client's message was handled before it was acknowledged (authorizePublish).
        if (packet.clientId) {
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
