import { hashSecret } from '../auth/secrets.ts';
import type { BrokerAuth, BrokerPrincipal } from '../broker/broker.ts';
import type { DeviceDirectory } from './device-directory.ts';
import { dataTopic } from './topics.ts';

export interface DevicePrincipal extends BrokerPrincipal {
  kind: 'device';
  deviceId: number;
  registryId: number;
  /** The token it signed in with: its id, its maker, and its hash to check it again. */
  tokenId: number;
  tokenCreator: string;
  secretHash: string;
}

export const isDevicePrincipal = (principal: BrokerPrincipal): principal is DevicePrincipal =>
  principal.kind === 'device' &&
  typeof principal.deviceId === 'number' &&
  typeof principal.registryId === 'number' &&
  typeof principal.tokenId === 'number';

export interface DeviceBrokerAuth extends BrokerAuth {
  /**
   * Whether a signed-in device would still be let in as it was: same token,
   * same registry, not blocked. Reads the directory, so forget what changed
   * first.
   */
  stillValid(principal: DevicePrincipal): Promise<boolean>;
}

/**
 * The client ids a device may use: its id, or its id followed by `-` or `/`
 * and anything (`42`, `42-sensor`, `42/a`); or none, and the broker makes one
 * up. So no device can take over another's connection by its id.
 */
export function deviceMayUseClientId(deviceId: number, clientId: string | null): boolean {
  if (clientId === null) return true;
  const id = String(deviceId);
  return clientId === id || clientId.startsWith(`${id}-`) || clientId.startsWith(`${id}/`);
}

/**
 * Who may use the embedded broker: a device signs in with its id as user name
 * and a device token (or a token of its registry) as password, and may then
 * publish only to its own data topic, under its own client id. Blocked devices
 * and devices of registries that do not speak MQTT cannot sign in.
 */
export function deviceBrokerAuth(
  directory: DeviceDirectory,
  /** Each sign-in let through: the device is connected, and its token was used once. */
  onSignedIn?: (principal: DevicePrincipal) => void,
): DeviceBrokerAuth {
  async function admit(deviceId: number, secretHash: string): Promise<DevicePrincipal | null> {
    const device = await directory.config(deviceId);
    if (!device || device.registryId === null || device.protocol !== 'mqtt') return null;
    const grant = await directory.grantFor(device, secretHash);
    if (!grant) return null;
    return {
      id: String(device.id),
      kind: 'device',
      deviceId: device.id,
      registryId: device.registryId,
      tokenId: grant.id,
      tokenCreator: grant.createdBy,
      secretHash,
    };
  }

  return {
    async authenticate(username, password) {
      if (!username || !password || !/^[1-9]\d{0,15}$/.test(username)) return null;
      const principal = await admit(Number(username), hashSecret(password.toString('utf8')));
      if (principal) onSignedIn?.(principal);
      return principal;
    },
    mayUseClientId: (principal, clientId) =>
      isDevicePrincipal(principal) && deviceMayUseClientId(principal.deviceId, clientId),
    canPublish(principal, topic) {
      return (
        isDevicePrincipal(principal) &&
        topic === dataTopic(principal.registryId, principal.deviceId)
      );
    },
    canSubscribe: () => false,
    async stillValid(principal) {
      const now = await admit(principal.deviceId, principal.secretHash);
      return now?.registryId === principal.registryId && now.tokenId === principal.tokenId;
    },
  };
}
