import type { BrokerAuth } from '../../server/broker/broker.ts';

/** A broker nobody from outside may use: tests of the broker on its own. */
export const denyAllClients: BrokerAuth = {
  authenticate: async () => null,
  canPublish: () => false,
  canSubscribe: () => false,
};
