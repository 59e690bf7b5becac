/** Room names of the live feed (docs/live.md). */
export const rooms = {
  /** Status changes of a device: every subscriber of it. */
  device: (id: number) => `d:${id}`,
  /** Points of every key of a device. */
  allKeys: (id: number) => `d:${id}:*`,
  /** Points of one key of a device. */
  key: (id: number, key: string) => `d:${id}:k:${key}`,
  /** The message log of a device (every packet it sends). */
  messages: (id: number) => `d:${id}:m`,
  /** Status changes of an organisation's devices. */
  org: (uuid: string) => `o:${uuid}`,
  /** Status changes of every device (super users). */
  allOrgs: 'o:*',
};

export const MAX_DEVICES_PER_CALL = 500;
export const MAX_KEYS = 50;
const keyPattern = /^[A-Za-z0-9_.-]{1,64}$/;

export interface SubscribeRequest {
  deviceIds: number[];
  /** Null: every key. */
  keys: string[] | null;
  org: boolean | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function deviceIdsOf(value: unknown): number[] | string {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return 'deviceIds must be an array of device ids';
  if (value.length > MAX_DEVICES_PER_CALL)
    return `deviceIds may name at most ${MAX_DEVICES_PER_CALL} devices`;
  if (!value.every((id) => Number.isSafeInteger(id) && (id as number) > 0))
    return 'deviceIds must be an array of device ids';
  return [...new Set(value as number[])];
}

/** A subscribe or unsubscribe payload, checked; a string says what is wrong with it. */
export function parseSubscription(payload: unknown, withKeys: boolean): SubscribeRequest | string {
  if (!isObject(payload)) return 'Send an object: { deviceIds, keys, org }';
  const allowed = withKeys ? ['deviceIds', 'keys', 'org'] : ['deviceIds', 'org'];
  const unknown = Object.keys(payload).find((name) => !allowed.includes(name));
  if (unknown !== undefined) return `Unknown field: ${unknown}`;
  const deviceIds = deviceIdsOf(payload.deviceIds);
  if (typeof deviceIds === 'string') return deviceIds;
  let keys: string[] | null = null;
  if (withKeys && payload.keys !== undefined) {
    const value = payload.keys;
    if (!Array.isArray(value) || value.length > MAX_KEYS)
      return `keys must be an array of at most ${MAX_KEYS} data keys`;
    if (!value.every((key) => typeof key === 'string' && keyPattern.test(key)))
      return 'keys must be data keys (letters, digits, _ . -)';
    keys = value.length === 0 ? null : [...new Set(value as string[])];
  }
  if (payload.org !== undefined && typeof payload.org !== 'boolean')
    return 'org must be true or false';
  return { deviceIds, keys, org: payload.org };
}

/** A `messages.subscribe` or `messages.unsubscribe` payload, checked; a string says what is wrong. */
export function parseMessageSubscription(payload: unknown): { deviceIds: number[] } | string {
  if (!isObject(payload)) return 'Send an object: { deviceIds }';
  const unknown = Object.keys(payload).find((name) => name !== 'deviceIds');
  if (unknown !== undefined) return `Unknown field: ${unknown}`;
  const deviceIds = deviceIdsOf(payload.deviceIds);
  return typeof deviceIds === 'string' ? deviceIds : { deviceIds };
}

/** The point rooms of a device for a key filter. */
export const pointRooms = (id: number, keys: string[] | null): string[] =>
  keys ? keys.map((key) => rooms.key(id, key)) : [rooms.allKeys(id)];
