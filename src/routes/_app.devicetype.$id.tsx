import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { deviceTypeQuery } from '../api/device-types/queries.ts';
import { DeviceTypeDetail } from '../features/device-types/components/device-type-detail.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { NotFound, QueryView } from '../ui/detail.tsx';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/devicetype/$id')({
  staticData: {
    title: msg`Device type`,
    back: '/devicetypes',
    trail: [{ title: msg`Device types`, to: '/devicetypes' }],
  },
  loader: ({ context, params }) =>
    ensureQueries(context.queryClient, deviceTypeQuery(entityId(params.id))),
  component: DeviceTypePage,
});

function DeviceTypePage() {
  const id = entityId(Route.useParams().id);
  const { user } = Route.useRouteContext();
  const deviceType = useQuery(deviceTypeQuery(id));
  if (id === 0) return <NotFound />;
  return (
    <QueryView query={deviceType}>
      {(data) => <DeviceTypeDetail deviceType={data} user={user} />}
    </QueryView>
  );
}
