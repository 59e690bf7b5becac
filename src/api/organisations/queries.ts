import { queryOptions } from '@tanstack/react-query';
import type { Organisation } from '../../../contracts/organisation.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { organisationKeys } from './keys.ts';

/**
 * The organisations the user works in (GET /entity/organisations answers only
 * those): the ones a create or move may name.
 */
export const organisationChoicesQuery = () =>
  queryOptions({
    queryKey: organisationKeys.choices(),
    queryFn: ({ signal }) =>
      apiRequest<Organisation[]>('core', '/entity/organisations', { signal }),
    staleTime: 60_000,
  });
