import { Value } from 'typebox/value';
import {
  MAX_DEVICES_PER_CALL,
  MAX_KEYS,
  MessagesSubscribeRequest,
  SubscribeRequest,
  UnsubscribeRequest,
} from '../../contracts/live.ts';

/** Room names of the live feed (docs/live.md). */
export const rooms = {
  /** Status changes of a device: every subscriber of it. */
  device: (id: number) => `d:${id}`,
  /** Points of every key of a device. */
  allKeys: (id: number) => `d:${id}:*`,
  /** Points of one key of a device. */
  key: (id: number, key: string) => `d:${id}:k:${key}`,
  /** The message log of a device (every packet it sends); no data key is `m` after `k:`. */
  messages: (id: number) => `d:${id}:m`,
  /** Status changes of an organisation's devices. */
  org: (uuid: string) => `o:${uuid}`,
  /** Status changes of every device (super users). */
  allOrgs: 'o:*',
};

/** A subscribe or unsubscribe, checked, with repeats dropped. */
export interface Subscription {
  deviceIds: number[];
  /** Null: every key. */
  keys: string[] | null;
  org: boolean | undefined;
}

/** What is wrong with a payload, in the words of the field it concerns. */
const problems: Record<string, (keyword: string) => string> = {
  deviceIds: (keyword) =>
    keyword === 'maxItems'
      ? `deviceIds may name at most ${MAX_DEVICES_PER_CALL} devices`
      : 'deviceIds must be an array of device ids',
  keys: (keyword) =>
    keyword === 'maxItems' || keyword === 'type'
      ? `keys must be an array of at most ${MAX_KEYS} data keys`
      : 'keys must be data keys (letters, digits, _ . -)',
  org: () => 'org must be true or false',
};

/** The first thing wrong with a payload the schema refused, as the client is told it. */
function problemOf(
  schema: typeof SubscribeRequest | typeof UnsubscribeRequest | typeof MessagesSubscribeRequest,
  payload: unknown,
): string {
  const errors = [...Value.Errors(schema, payload)];
  const root = errors.find((error) => error.instancePath === '');
  if (root?.keyword === 'additionalProperties') {
    const [name] = (root.params as { additionalProperties?: string[] }).additionalProperties ?? [];
    return `Unknown field: ${name}`;
  }
  const fields = Object.keys(schema.properties).join(', ');
  if (root) return `Send an object: { ${fields} }`;
  const field = errors[0]?.instancePath.split('/')[1] ?? '';
  // A limit on the whole array is the clearer thing to say when the items are wrong too.
  const keyword =
    errors.find((error) => error.instancePath === `/${field}` && error.keyword === 'maxItems')
      ?.keyword ??
    errors[0]?.keyword ??
    '';
  return problems[field]?.(keyword) ?? `Send an object: { ${fields} }`;
}

const unique = <T>(values: readonly T[] | undefined): T[] => [...new Set(values ?? [])];

/** A subscribe (with keys) or unsubscribe payload, checked; a string says what is wrong with it. */
export function parseSubscription(payload: unknown, withKeys: boolean): Subscription | string {
  if (withKeys) {
    if (!Value.Check(SubscribeRequest, payload)) return problemOf(SubscribeRequest, payload);
    const keys = unique(payload.keys);
    return {
      deviceIds: unique(payload.deviceIds),
      keys: keys.length === 0 ? null : keys,
      org: payload.org,
    };
  }
  if (!Value.Check(UnsubscribeRequest, payload)) return problemOf(UnsubscribeRequest, payload);
  return { deviceIds: unique(payload.deviceIds), keys: null, org: payload.org };
}

/** A `messages.subscribe` or `messages.unsubscribe` payload, checked; a string says what is wrong. */
export function parseMessageSubscription(payload: unknown): { deviceIds: number[] } | string {
  if (!Value.Check(MessagesSubscribeRequest, payload)) {
    return problemOf(MessagesSubscribeRequest, payload);
  }
  return { deviceIds: unique(payload.deviceIds) };
}

/** The point rooms of a device for a key filter. */
export const pointRooms = (id: number, keys: string[] | null): string[] =>
  keys ? keys.map((key) => rooms.key(id, key)) : [rooms.allKeys(id)];
