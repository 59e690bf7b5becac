import { msg } from '@lingui/core/macro';
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { deviceTypeChoicesQuery } from '../api/device-types/queries.ts';
import { registryChoicesQuery } from '../api/registries/queries.ts';
import { deviceListQueryFor } from '../features/devices/components/device-list-query.ts';
import { DevicesPage } from '../features/devices/components/devices-page.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import {
  autoRowsPerPage,
  resolveListState,
  validateListSearch,
  type ListSearch,
  type ListState,
} from '../lib/list-search.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { withDefaults } from '../lib/settings.ts';
import { useListState } from '../ui/list/use-list-state.ts';

export const Route = createFileRoute('/_app/sensors')({
  staticData: { title: msg`Devices` },
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput): ListSearch =>
    validateListSearch(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const settings = withDefaults(context.user.internal.settings);
    const state = resolveListState(deps, settings, autoRowsPerPage(window.innerHeight));
    ensureQueries(
      context.queryClient,
      deviceListQueryFor(state),
      registryChoicesQuery(),
      deviceTypeChoicesQuery(),
    );
  },
  component: DevicesRoute,
});

function DevicesRoute() {
  const state = useListState(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const { user } = Route.useRouteContext();
  const setState = useCallback(
    (changes: Partial<ListState>) => void navigate({ search: (old) => ({ ...old, ...changes }) }),
    [navigate],
  );
  return (
    <DevicesPage
      state={state}
      onStateChange={setState}
      canCreate={hasPrivilege(user, 'device.create')}
      canDelete={hasPrivilege(user, 'device.delete')}
    />
  );
}
