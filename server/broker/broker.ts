import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

export type MessageHandler = (topic: string, payload: Buffer) => Promise<void> | void;

export interface PublishOptions {
  qos?: 0 | 1;
  retain?: boolean;
}

/**
 * The MQTT broker as the platform sees it: the embedded Aedes broker or an
 * external one (Mosquitto, EMQX) reached with mqtt.js. A handler's promise
 * settles before a QoS 1 message is acknowledged, so work committed in the
 * handler is what the acknowledgement stands for.
 */
export interface Broker {
  kind: 'embedded' | 'external';
  /** Where devices connect, for logs and docs. */
  describe(): string;
  isConnected(): boolean;
  publish(topic: string, payload: string | Buffer, options?: PublishOptions): Promise<void>;
  /**
   * Handlers may run concurrently (the broker bounds how many messages are in
   * flight); a QoS 1 message is acknowledged once its handlers resolved.
   */
  subscribe(filter: string, handler: MessageHandler): Promise<() => Promise<void>>;
  /** Takes WebSocket upgrades for MQTT over WebSocket (embedded broker only). */
  handleUpgrade?(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /**
   * Closes this node's client connections whose principal matches, at once
   * (embedded broker only: an external broker's clients are its own); gives
   * how many were closed.
   */
  disconnect?(match: (principal: BrokerPrincipal) => boolean): number;
  /** Who this node's signed-in clients are (embedded broker only). */
  signedIn?(): BrokerPrincipal[];
  close(): Promise<void>;
}

/** Who a connected MQTT client is, as decided by BrokerAuth.authenticate. */
export interface BrokerPrincipal {
  id: string;
  kind: 'device' | 'service';
  [key: string]: unknown;
}

/** Access rules for clients of the embedded broker. */
export interface BrokerAuth {
  authenticate(
    username: string | undefined,
    password: Buffer | undefined,
  ): Promise<BrokerPrincipal | null>;
  /**
   * Whether the signed-in client may use this client id (null: it sent none
   * and the broker made one up). Without this rule any id is taken.
   */
  mayUseClientId?(principal: BrokerPrincipal, clientId: string | null): boolean;
  canPublish(principal: BrokerPrincipal, topic: string): boolean;
  canSubscribe(principal: BrokerPrincipal, topic: string): boolean;
}

export class BrokerStartError extends Error {
  override name = 'BrokerStartError';
}
