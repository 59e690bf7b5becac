import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { organisationChoicesQuery, organisationQuery } from '../api/organisations/queries.ts';
import { OrgEdit } from '../features/management/components/org-edit.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { QueryView } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/management_/org/$id_/edit')({
  staticData: {
    title: msg`Edit organisation`,
    back: '/orgs',
    trail: [{ title: msg`Organisations`, to: '/orgs' }],
  },
  loader: ({ context, params }) =>
    ensureQueries(context.queryClient, organisationQuery(params.id), organisationChoicesQuery()),
  component: EditOrgPage,
});

function EditOrgPage() {
  const { id } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const query = useQuery(organisationQuery(id));
  return <QueryView query={query}>{(org) => <OrgEdit me={me} org={org} />}</QueryView>;
}
