import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { Registry } from '../../contracts/registry.ts';
import { registryQuery } from '../api/registries/queries.ts';
import { RelatedDevices } from '../features/devices/components/device-list.tsx';
import { RegistryDetail } from '../features/registries/components/registry-detail.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { NotFound, QueryView } from '../ui/detail.tsx';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/registry/$id')({
  staticData: {
    title: msg`Registry`,
    back: '/registries',
    trail: [{ title: msg`Registries`, to: '/registries' }],
  },
  loader: ({ context, params }) =>
    ensureQueries(context.queryClient, registryQuery(entityId(params.id))),
  component: RegistryPage,
});

function RegistryPage() {
  const id = entityId(Route.useParams().id);
  const { user } = Route.useRouteContext();
  const registry = useQuery(registryQuery(id));
  if (id === 0) return <NotFound />;
  return (
    <QueryView query={registry}>
      {(data) => (
        <RegistryDetail registry={data} user={user} devices={<Devices registry={data} />} />
      )}
    </QueryView>
  );
}

const registryColumns = ['name', 'deviceType', 'status', 'org'] as const;

/** The registry's devices tab. */
function Devices({ registry }: { registry: Registry }) {
  const { t } = useLingui();
  const name = registry.name;
  const { user } = Route.useRouteContext();
  return (
    <RelatedDevices
      title={t`Devices of ${name}`}
      filters={{ registryId: registry.id }}
      columns={registryColumns}
      statusText
      canDelete={hasPrivilege(user, 'device.delete')}
    />
  );
}
