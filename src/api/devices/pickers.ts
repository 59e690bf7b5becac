import { queryOptions } from '@tanstack/react-query';
import type { CloudFunctionSummary } from '../../../contracts/cloud-function.ts';
import type { DeviceType } from '../../../contracts/device-type.ts';
import type { PageOf } from '../../../contracts/list.ts';
import type { Registry } from '../../../contracts/registry.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Choices for the device form's and tabs' pickers: all one can see, by name. */
const CHOICES = 'page=1&pageSize=500&sort=name';

/**
 * A picker's key in the list family of the resource it lists, so creating,
 * renaming or deleting one refreshes the picker too, instead of offering a
 * stale list.
 */
const choicesKey = (
  root: 'registries' | 'devicetypes' | 'cloudfunctions',
  filters: Record<string, string> = {},
) => [root, 'list', { choices: true, ...filters }] as const;

export const registryChoicesQuery = () =>
  queryOptions({
    queryKey: choicesKey('registries'),
    queryFn: ({ signal }) =>
      apiRequest<PageOf<Registry>>('core', `/v2/registries?${CHOICES}`, { signal }).then(
        (page) => page.items,
      ),
    staleTime: 60_000,
  });

export const deviceTypeChoicesQuery = () =>
  queryOptions({
    queryKey: choicesKey('devicetypes'),
    queryFn: ({ signal }) =>
      apiRequest<PageOf<DeviceType>>('core', `/v2/devicetypes?${CHOICES}`, { signal }).then(
        (page) => page.items,
      ),
    staleTime: 60_000,
  });

export const decoderChoicesQuery = () =>
  queryOptions({
    queryKey: choicesKey('cloudfunctions', { type: 'decoder' }),
    queryFn: ({ signal }) =>
      apiRequest<PageOf<CloudFunctionSummary>>(
        'core',
        `/v2/cloudfunctions?${CHOICES}&type=decoder`,
        { signal },
      ).then((page) => page.items),
    staleTime: 60_000,
  });
