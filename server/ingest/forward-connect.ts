import net from 'node:net';
import tls from 'node:tls';
import { MqttClient, type IStream } from 'mqtt';
import { createWebSocketStream, WebSocket } from 'ws';
import type { ConnectionEvents, ForwardConnection } from './forward-link.ts';
import { guardedLookup, type ForwardPolicy, type ForwardTarget } from './forward-policy.ts';

const CONNECT_TIMEOUT_MS = 5000;

export interface ForwardCredentials {
  username?: string;
  password?: string;
}

/**
 * The transport to a checked target. An IP address was checked when the target
 * was made; a name is resolved by guardedLookup inside the connect itself, so
 * the socket goes to an address the policy allowed. TLS still verifies the
 * certificate against the name.
 */
function openStream(target: ForwardTarget, policy: ForwardPolicy): IStream {
  const lookup = guardedLookup(policy);
  const { hostname: host, port } = target;
  const servername = net.isIP(host) ? undefined : host;
  switch (target.scheme) {
    case 'mqtt':
      return net.connect({ host, port, lookup });
    case 'mqtts':
      return tls.connect({ host, port, lookup, ...(servername ? { servername } : {}) });
    case 'ws':
    case 'wss': {
      const shown = host.includes(':') ? `[${host}]` : host;
      const socket = new WebSocket(`${target.scheme}://${shown}:${port}${target.path}`, ['mqtt'], {
        lookup,
        handshakeTimeout: CONNECT_TIMEOUT_MS,
      });
      const stream = createWebSocketStream(socket);
      socket.on('close', () => stream.destroy());
      return stream;
    }
  }
}

/**
 * Opens one attempt to the target with mqtt.js (MQTT 3.1.1, QoS 0 only), which
 * never reconnects by itself: the forward link decides when to try again.
 */
export function openForwardConnection(
  target: ForwardTarget,
  credentials: ForwardCredentials,
  policy: ForwardPolicy,
  events: ConnectionEvents,
): ForwardConnection {
  let client: MqttClient;
  try {
    client = new MqttClient(
      () => {
        const stream = openStream(target, policy);
        stream.on('error', (error: Error) => events.error(error));
        return stream;
      },
      {
        ...credentials,
        reconnectPeriod: 0,
        connectTimeout: CONNECT_TIMEOUT_MS,
        queueQoSZero: false,
      },
    );
  } catch (error) {
    process.nextTick(() => {
      events.error(error instanceof Error ? error : new Error(String(error)));
      events.closed();
    });
    return { publish() {}, close() {} };
  }
  // The broker's refusal of the sign-in comes as an error of the client.
  client.on('error', (error) => events.error(error));
  client.on('connect', () => events.connected());
  client.on('close', () => events.closed());
  return {
    publish({ topic, message }) {
      client.publish(topic, message, { qos: 0 }, () => undefined);
    },
    close() {
      client.end(true);
    },
  };
}
