import type { AccessEvent, SettingsSubject } from '../plugins/access-events.ts';
import type {
  DeviceIngestConfig,
  TokenGrant,
  ingestRepository,
} from '../repositories/ingest-repository.ts';
import { retryWhileUnavailable, within, type RetryOptions } from './retry.ts';
import { TtlCache } from '../lib/ttl-cache.ts';

/** How stale a device's settings or a credential check may be. */
export const DEVICE_CACHE_MS = 5_000;
export const CREDENTIAL_CACHE_MS = 10_000;

export type Transport = 'mqtt' | 'http';

export type Refusal =
  | 'unknown-device'
  | 'wrong-registry'
  | 'blocked'
  | 'registry-protocol'
  | 'bad-credentials'
  /** Larger than MAX_PACKET_BYTES (limits.ts). */
  | 'too-large';

/** The queries the directory needs (ingestRepository, or a fake in tests). */
export type DirectoryRepository = Pick<
  ReturnType<typeof ingestRepository>,
  'deviceConfig' | 'tokenGrant'
>;

/** How long `admit` waits for a database that is down, and what it tells meanwhile. */
export interface AdmitWait extends Pick<RetryOptions, 'signal' | 'onRetry'> {
  /** Milliseconds to keep trying (default: until `signal` aborts). */
  patienceMs?: number;
}

/** Whether a device's settings were read from this registry, device type or function. */
const readFrom: Record<
  Exclude<SettingsSubject, 'device'>,
  (device: DeviceIngestConfig, id: number) => boolean
> = {
  registry: (device, id) => device.registryId === id,
  deviceType: (device, id) => device.deviceTypeId === id,
  function: (device, id) => device.functions.some((f) => f.id === id),
};

/**
 * Devices as ingest sees them: their settings and whether a token may send
 * for them, from short-lived caches instead of a query per message. A change
 * announced on the access-events bus (`heard`) is forgotten at once; the
 * short lifetime only bounds what a missed announcement could cost.
 */
export function deviceDirectory(repo: DirectoryRepository) {
  const devices = new TtlCache<number, DeviceIngestConfig | null>(DEVICE_CACHE_MS);
  const grants = new TtlCache<string, TokenGrant | null>(CREDENTIAL_CACHE_MS);

  const config = (deviceId: number) =>
    devices.get(deviceId, async (id) => (await repo.deviceConfig(id)) ?? null);

  type Admission = { ok: true; device: DeviceIngestConfig } | { ok: false; refusal: Refusal };

  function judge(
    device: DeviceIngestConfig | null,
    registryId: number,
    transport: Transport,
  ): Admission {
    if (!device) return { ok: false, refusal: 'unknown-device' };
    if (device.registryId !== registryId) return { ok: false, refusal: 'wrong-registry' };
    if (!device.communication) return { ok: false, refusal: 'blocked' };
    if (device.protocol !== transport) return { ok: false, refusal: 'registry-protocol' };
    return { ok: true, device };
  }

  /** `admit` from the cache alone: undefined when the device's settings are not cached. */
  function admitCached(
    registryId: number,
    deviceId: number,
    transport: Transport,
  ): Admission | undefined {
    const cached = devices.fresh(deviceId);
    return cached && judge(cached.value, registryId, transport);
  }

  /**
   * Why a packet for this device, through this registry and transport, is
   * refused; or its settings. While the database cannot be reached the lookup
   * is retried (retry.ts), so the packet waits unacknowledged, for `patienceMs`
   * at most; then a DatabaseUnavailableError is thrown. A device the database
   * does not know is refused at once.
   */
  async function admit(
    registryId: number,
    deviceId: number,
    transport: Transport,
    wait: AdmitWait = {},
  ): Promise<Admission> {
    const device = await retryWhileUnavailable(() => config(deviceId), {
      giveUp: within(wait.patienceMs ?? Infinity),
      signal: wait.signal,
      onRetry: wait.onRetry,
    });
    return judge(device, registryId, transport);
  }

  /**
   * The token whose secret has this hash, when it is a device token of this
   * device or a registry token of its registry and the device may
   * communicate; null otherwise.
   */
  async function grantFor(
    device: DeviceIngestConfig,
    secretHash: string,
  ): Promise<TokenGrant | null> {
    const grant = await grants.get(secretHash, async (hash) => {
      return (await repo.tokenGrant(hash)) ?? null;
    });
    if (!grant || !device.communication) return null;
    const bound =
      grant.type === 'device'
        ? grant.reference === device.id
        : device.registryId !== null && grant.reference === device.registryId;
    return bound ? grant : null;
  }

  return {
    config,
    admit,
    admitCached,
    grantFor,
    /** Forgets what an access or settings change made stale, on every node (access-events.ts). */
    heard(event: AccessEvent) {
      switch (event.type) {
        case 'token.revoked':
        case 'user.revoked':
          grants.clear();
          return;
        case 'device.moved':
          devices.delete(event.deviceId);
          return;
        case 'settings.changed': {
          const { of, id } = event;
          if (of === 'device') {
            devices.delete(id);
            return;
          }
          const uses = readFrom[of];
          devices.deleteWhere((device) => device !== null && uses(device, id));
          return;
        }
        default:
          return;
      }
    },
  };
}

export type DeviceDirectory = ReturnType<typeof deviceDirectory>;
