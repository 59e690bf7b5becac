import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface Readiness {
  status: 'ready' | 'unready';
  checks: { database: 'up' | 'down'; broker: 'up' | 'down'; redis?: 'up' | 'down' };
  database: 'pglite' | 'postgres';
  broker: 'embedded' | 'external';
}

export const platformKeys = {
  all: ['platform'] as const,
  readiness: () => [...platformKeys.all, 'readiness'] as const,
};

export const readinessQuery = () =>
  queryOptions({
    queryKey: platformKeys.readiness(),
    queryFn: ({ signal }) => apiRequest<Readiness>('core', '/ready', { signal }),
    refetchInterval: 15_000,
  });
