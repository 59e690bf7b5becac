import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { functionChoicesQuery } from '../api/functions/queries.ts';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { NewDeviceType } from '../features/device-types/components/new-device-type.tsx';
import { ensureQueries } from '../lib/query-client.ts';

export const Route = createFileRoute('/_app/devicetypes_/new')({
  staticData: {
    title: msg`New device type`,
    back: '/devicetypes',
    trail: [{ title: msg`Device types`, to: '/devicetypes' }],
  },
  loader: ({ context }) =>
    ensureQueries(
      context.queryClient,
      organisationChoicesQuery(),
      functionChoicesQuery({ type: 'decoder' }),
    ),
  component: NewDeviceTypePage,
});

function NewDeviceTypePage() {
  const { user } = Route.useRouteContext();
  return <NewDeviceType user={user} />;
}
