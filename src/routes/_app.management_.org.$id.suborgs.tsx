import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { organisationListQuery, organisationQuery } from '../api/organisations/queries.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { OrgSubOrgs } from '../features/management/components/org-tabs.tsx';

export const Route = createFileRoute('/_app/management_/org/$id/suborgs')({
  loader: ({ context, params }) =>
    ensureQueries(
      context.queryClient,
      organisationListQuery({ filters: { parentUuid: params.id } }),
    ),
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const { data: org } = useQuery(organisationQuery(id));
  return org ? <OrgSubOrgs me={me} org={org} /> : null;
}
