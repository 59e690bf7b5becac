import type { DeviceTypeKey } from '../db/types.ts';
import { forwardTarget, type ForwardPolicy } from '../ingest/forward-policy.ts';
import { HttpError } from '../lib/http-error.ts';
import type { FirmwareInput, MqttForwardInput } from '../../contracts/device.ts';
import type { DataKeyInput } from '../../contracts/list.ts';
import { requireUniqueKeys } from './unique-keys.ts';

const FIRMWARE_HISTORY_LIMIT = 100;

/** The keys a device takes from its type, marked as inherited. */
export const inheritedKeys = (structure: DeviceTypeKey[]): DataKeyInput[] =>
  structure.map((k) => ({ key: k.key, name: k.name, type: k.type, inherited: true }));

/**
 * A device's keys once it has another type (and no keys were sent): the new
 * type's keys, then its own keys that the new type does not have.
 */
export function keysOfNewType(current: DataKeyInput[], structure: DeviceTypeKey[]): DataKeyInput[] {
  const inherited = inheritedKeys(structure);
  const own = current.filter((k) => !k.inherited && !inherited.some((i) => i.key === k.key));
  return [...inherited, ...own];
}

/**
 * The firmware to store. A history sent along is taken as it is; otherwise a
 * new version is added to the stored history with today's date.
 */
export function firmwareToStore(input: FirmwareInput, stored: Record<string, unknown>) {
  if (input.history) return { version: input.version, history: input.history };
  const history = Array.isArray(stored.history) ? (stored.history as unknown[]) : [];
  const changed = input.version !== null && input.version !== stored.version;
  const next = changed
    ? [...history, { version: input.version, installedAt: new Date().toISOString() }]
    : history;
  return { version: input.version, history: next.slice(-FIRMWARE_HISTORY_LIMIT) };
}

/**
 * Forwarding settings to store: a password left out of the body stays as it
 * was. A host the forward rules refuse by its address alone is a 400 naming
 * the field (docs/ingest.md).
 */
export function mqttForwardToStore(
  input: MqttForwardInput,
  stored: Record<string, unknown> | null,
  policy: ForwardPolicy,
) {
  const host = input.host?.trim() ? forwardTarget(input.host, policy) : undefined;
  if (host && !host.ok) throw new HttpError(400, `body.mqttForward.host ${host.problem}`);
  const keptPassword = typeof stored?.password === 'string' ? stored.password : null;
  return {
    deviceIdField: input.deviceIdField ?? null,
    topic: input.topic ?? null,
    host: input.host ?? null,
    user: input.user ?? null,
    password: input.password === undefined ? keptPassword : input.password,
    wlHost: input.wlHost ?? null,
  };
}

/** A device's data keys and synthetic keys are each unique. */
export function checkKeys(body: {
  dataKeys?: { key: string }[];
  syntheticKeys?: { key: string }[];
}) {
  requireUniqueKeys('Data keys', body.dataKeys);
  requireUniqueKeys('Synthetic keys', body.syntheticKeys);
}
