import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { organisationQuery } from '../api/organisations/queries.ts';
import { userListQuery } from '../api/users/queries.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { OrgUsers } from '../features/management/components/org-tabs.tsx';

export const Route = createFileRoute('/_app/management_/org/$id/users')({
  loader: ({ context, params }) =>
    ensureQueries(context.queryClient, userListQuery({ filters: { orgUuid: params.id } })),
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const { data: org } = useQuery(organisationQuery(id));
  return org ? <OrgUsers me={me} org={org} /> : null;
}
