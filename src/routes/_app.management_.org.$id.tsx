import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { organisationQuery } from '../api/organisations/queries.ts';
import { OrgHeader } from '../features/management/components/org-header.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { QueryView } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/management_/org/$id')({
  staticData: {
    title: msg`Organisation`,
    back: '/orgs',
    trail: [{ title: msg`Organisations`, to: '/orgs' }],
  },
  loader: ({ context, params }) => ensureQueries(context.queryClient, organisationQuery(params.id)),
  component: OrgPage,
});

function OrgPage() {
  const { id } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const query = useQuery(organisationQuery(id));
  return (
    <QueryView query={query}>
      {(org) => (
        <>
          <OrgHeader me={me} org={org} />
          <Outlet />
        </>
      )}
    </QueryView>
  );
}
