import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { Organisation } from '../../contracts/organisation.ts';
import { organisationDeviceTotalQuery, organisationQuery } from '../api/organisations/queries.ts';
import { RelatedDevices } from '../features/devices/components/device-list.tsx';
import { OrgDeviceCounts } from '../features/management/components/org-devices.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { ensureQueries } from '../lib/query-client.ts';

export const Route = createFileRoute('/_app/management_/org/$id/devices')({
  loader: ({ context, params }) =>
    ensureQueries(
      context.queryClient,
      organisationQuery(params.id),
      organisationDeviceTotalQuery(params.id),
    ),
  component: Tab,
});

const columns = ['name', 'uniqueName', 'status', 'registry', 'deviceType', 'created'] as const;
const pageSizes = [5, 10, 25, 50, 100] as const;

function Tab() {
  const { id } = Route.useParams();
  const { data: org } = useQuery(organisationQuery(id));
  return org ? <OrgDevices org={org} /> : null;
}

/** The organisation's device counts, then its own devices a page at a time. */
function OrgDevices({ org }: { org: Organisation }) {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const orgName = org.name;
  return (
    <>
      <OrgDeviceCounts org={org} />
      <RelatedDevices
        title={t`Devices of ${orgName}`}
        filters={{ orgUuid: org.uuid }}
        columns={columns}
        statusText
        pageSizes={pageSizes}
        canDelete={hasPrivilege(user, 'device.delete')}
      />
    </>
  );
}
