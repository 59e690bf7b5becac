import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { brandingKeys, type Branding } from '../../lib/branding.ts';

export type BrandingInput = Partial<Omit<Branding, 'host' | 'custom'>>;

export const brandedHostsQuery = () =>
  queryOptions({
    queryKey: brandingKeys.hosts(),
    queryFn: ({ signal }) => apiRequest<Branding[]>('core', '/branding/hosts', { signal }),
  });

export const saveBranding = (host: string, input: BrandingInput) =>
  apiRequest<Branding>('core', `/branding/${encodeURIComponent(host)}`, {
    method: 'PUT',
    body: input,
  });

export const deleteBranding = (host: string) =>
  apiRequest<{ ok: boolean }>('core', `/branding/${encodeURIComponent(host)}`, {
    method: 'DELETE',
  });
