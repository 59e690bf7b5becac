import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Branding, BrandingInput } from '../../../contracts/branding.ts';
import type { Ok } from '../../../contracts/common.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { brandingKeys } from './keys.ts';

const hostPath = (host: string) => `/branding/${encodeURIComponent(host)}`;

/** Sets a host's branding; the list of hosts refreshes, and so does this host's if it was the one. */
export function useSaveBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ host, input }: { host: string; input: BrandingInput }) =>
      apiRequest<Branding>('core', hostPath(host), { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandingKeys.all }),
  });
}

/** Removes a host's branding: it shows Nordlys' own again. */
export function useDeleteBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (host: string) => apiRequest<Ok>('core', hostPath(host), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandingKeys.all }),
  });
}
