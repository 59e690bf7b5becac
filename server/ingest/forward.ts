import type { FastifyBaseLogger } from 'fastify';
import type { Sandbox } from '../functions/sandbox.ts';
import type { DeviceIngestConfig, StoredPacket } from '../repositories/ingest-repository.ts';
import { openForwardConnection } from './forward-connect.ts';
import { forwardLink, RETRY_MAX_MS, type ForwardLink, type LinkState } from './forward-link.ts';
import {
  ForwardRefusedError,
  forwardTarget,
  type ForwardPolicy,
  type ForwardTarget,
} from './forward-policy.ts';
import type { AfterCommit } from './pipeline.ts';

/** Outbound work waiting at once; beyond it new work is skipped, not queued. */
const MAX_OUTBOUND_JOBS = 200;
/** A forward connection unused this long is closed. */
const IDLE_MS = 60_000;

interface ForwardSettings {
  host: string;
  topic: string;
  username?: string;
  password?: string;
  deviceIdField: string;
}

/** The device's forward as stored (devices.mqtt_forward), when it names a host and a topic. */
function forwardSettings(stored: Record<string, unknown> | null): ForwardSettings | undefined {
  const f = stored;
  if (!f || typeof f.host !== 'string' || typeof f.topic !== 'string') return undefined;
  if (!f.host.trim() || !f.topic.trim()) return undefined;
  return {
    host: f.host,
    topic: f.topic,
    ...(typeof f.user === 'string' && f.user ? { username: f.user } : {}),
    ...(typeof f.password === 'string' && f.password ? { password: f.password } : {}),
    deviceIdField:
      typeof f.deviceIdField === 'string' && f.deviceIdField ? f.deviceIdField : 'deviceId',
  };
}

/** A device's forward as this node sees it (GET /api/v2/device/{id}/mqtt-forward). */
export type ForwardStatus =
  | { state: 'off'; target: null }
  | { state: 'idle'; target: string }
  | { state: 'refused'; target: string; error: string }
  | (LinkState & { target: string });

interface LinkEntry {
  link: ForwardLink;
  lastUse: number;
}

/** The forwarded message: the device id and the packet's values by key. */
export function forwardMessage(
  device: DeviceIngestConfig,
  packet: StoredPacket,
  idField: string,
): string {
  const values: Record<string, number | string | null> = {};
  for (const point of packet.points) values[point.key] = point.textValue ?? point.value;
  return JSON.stringify({
    ...values,
    [idField]: device.id,
    time: packet.receivedAt.toISOString(),
  });
}

/**
 * What runs after a commit: the MQTT forward to the device's configured
 * broker (QoS 0, best effort, never buffered while that broker is away; only
 * to targets the address rules allow, with a growing pause after failures,
 * see forward-policy.ts and forward-link.ts) and the device's outbound
 * functions in the sandbox. Neither holds up ingest.
 */
export function outboundWork(sandbox: Sandbox, log: FastifyBaseLogger, policy: ForwardPolicy) {
  const links = new Map<string, LinkEntry>();
  let running = 0;

  // A link that failed is kept longer than a connected one: it remembers its pause.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of links) {
      const connected = entry.link.state().state === 'connected';
      if (now - entry.lastUse > (connected ? IDLE_MS : RETRY_MAX_MS)) {
        links.delete(key);
        entry.link.close();
      }
    }
  }, IDLE_MS);
  sweep.unref();

  const keyOf = (target: ForwardTarget, settings: ForwardSettings) =>
    `${target.display}\u0000${settings.username ?? ''}\u0000${settings.password ?? ''}`;

  function linkFor(target: ForwardTarget, settings: ForwardSettings): LinkEntry {
    const key = keyOf(target, settings);
    let entry = links.get(key);
    if (!entry) {
      const credentials = {
        ...(settings.username ? { username: settings.username } : {}),
        ...(settings.password ? { password: settings.password } : {}),
      };
      const link = forwardLink({
        open: (events) =>
          openForwardConnection(target, credentials, policy, {
            ...events,
            error(error) {
              log.debug({ err: error, target: target.display }, 'MQTT forward: connection problem');
              events.error(error);
            },
          }),
        now: Date.now,
        isRefusal: (error) => error instanceof ForwardRefusedError,
      });
      entry = { link, lastUse: Date.now() };
      links.set(key, entry);
    }
    entry.lastUse = Date.now();
    return entry;
  }

  /** The state of a device's forward, from its stored settings. */
  function forwardStatus(stored: Record<string, unknown> | null): ForwardStatus {
    const settings = forwardSettings(stored);
    if (!settings) return { state: 'off', target: null };
    const checked = forwardTarget(settings.host, policy);
    if (!checked.ok) {
      return { state: 'refused', target: checked.display, error: checked.problem };
    }
    const target = checked.target.display;
    const entry = links.get(keyOf(checked.target, settings));
    return entry ? { ...entry.link.state(), target } : { state: 'idle', target };
  }

  const afterCommit: AfterCommit = (device, packet) => {
    const settings = forwardSettings(device.mqttForward);
    // A target the address rules refuse (stored before they existed) is never connected to.
    const checked = settings && forwardTarget(settings.host, policy);
    if (settings && checked?.ok && packet.points.length > 0) {
      linkFor(checked.target, settings).link.send({
        topic: settings.topic,
        message: forwardMessage(device, packet, settings.deviceIdField),
      });
    }
    for (const fn of device.functions) {
      if (fn.type !== 'outbound' || running >= MAX_OUTBOUND_JOBS) continue;
      running++;
      sandbox
        .run({
          owner: device.orgUuid,
          lane: 'ingest',
          function: fn,
          code: fn.code,
          input: packet.points.map((p) => ({
            key: p.key,
            time: new Date(p.time).toISOString(),
            value: p.textValue ?? p.value,
          })),
          context: { device: { id: device.id, name: device.name, registryId: device.registryId } },
        })
        .then(
          (result) => {
            if (!result.ok) {
              log.warn({ functionId: fn.id, error: result.error }, 'outbound function failed');
            }
          },
          (error: unknown) => log.warn({ err: error }, 'outbound function failed'),
        )
        .finally(() => running--);
    }
  };

  return {
    afterCommit,
    forwardStatus,
    close() {
      clearInterval(sweep);
      for (const { link } of links.values()) link.close();
      links.clear();
    },
  };
}
