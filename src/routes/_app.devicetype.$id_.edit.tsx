import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { deviceTypeQuery } from '../api/device-types/queries.ts';
import { functionChoicesQuery } from '../api/functions/queries.ts';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { EditDeviceType } from '../features/device-types/components/edit-device-type.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/devicetype/$id_/edit')({
  staticData: {
    title: msg`Edit device type`,
    back: '/devicetypes',
    trail: [{ title: msg`Device types`, to: '/devicetypes' }],
  },
  loader: ({ context, params }) =>
    ensureQueries(
      context.queryClient,
      deviceTypeQuery(entityId(params.id)),
      organisationChoicesQuery(),
      functionChoicesQuery({ type: 'decoder' }),
    ),
  component: EditDeviceTypePage,
});

function EditDeviceTypePage() {
  const { user } = Route.useRouteContext();
  return <EditDeviceType id={entityId(Route.useParams().id)} user={user} />;
}
