import { queryOptions } from '@tanstack/react-query';
import type { Branding } from '../../../contracts/branding.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { brandingKeys } from './keys.ts';

/** White-label branding of the host the console is opened on (spec §3 Login settings). */
export const brandingQuery = () =>
  queryOptions({
    queryKey: brandingKeys.current(),
    queryFn: ({ signal }) => apiRequest<Branding>('core', '/branding', { signal }),
    staleTime: 5 * 60_000,
  });

/** Every host with branding of its own. */
export const brandedHostsQuery = () =>
  queryOptions({
    queryKey: brandingKeys.lists(),
    queryFn: ({ signal }) => apiRequest<Branding[]>('core', '/branding/hosts', { signal }),
  });
