import type { BrokerAuth, BrokerPrincipal } from '../broker/broker.ts';
import type { DeviceDirectory } from './device-directory.ts';
import { dataTopic } from './topics.ts';

export interface DevicePrincipal extends BrokerPrincipal {
  kind: 'device';
  deviceId: number;
  registryId: number;
}

const isDevicePrincipal = (principal: BrokerPrincipal): principal is DevicePrincipal =>
  principal.kind === 'device' &&
  typeof principal.deviceId === 'number' &&
  typeof principal.registryId === 'number';

/**
 * Who may use the embedded broker: a device signs in with its id as user name
 * and a device token (or a token of its registry) as password, and may then
 * publish only to its own data topic. Blocked devices and devices of
 * registries that do not speak MQTT cannot sign in.
 */
export function deviceBrokerAuth(
  directory: DeviceDirectory,
  onDeviceConnected?: (deviceId: number) => void,
): BrokerAuth {
  return {
    async authenticate(username, password) {
      if (!username || !password || !/^[1-9]\d{0,15}$/.test(username)) return null;
      const device = await directory.config(Number(username));
      if (!device || device.registryId === null || device.protocol !== 'mqtt') return null;
      if (!(await directory.mayPublish(device, password.toString('utf8')))) return null;
      onDeviceConnected?.(device.id);
      const principal: DevicePrincipal = {
        id: String(device.id),
        kind: 'device',
        deviceId: device.id,
        registryId: device.registryId,
      };
      return principal;
    },
    canPublish(principal, topic) {
      return (
        isDevicePrincipal(principal) &&
        topic === dataTopic(principal.registryId, principal.deviceId)
      );
    },
    canSubscribe: () => false,
  };
}
