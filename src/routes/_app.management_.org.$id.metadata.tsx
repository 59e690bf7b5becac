import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { organisationMetadataQuery, organisationQuery } from '../api/organisations/queries.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { OrgMetadata } from '../features/management/components/org-tabs.tsx';

export const Route = createFileRoute('/_app/management_/org/$id/metadata')({
  loader: ({ context, params }) =>
    ensureQueries(context.queryClient, organisationMetadataQuery(params.id)),
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();

  const { data: org } = useQuery(organisationQuery(id));
  return org ? <OrgMetadata org={org} /> : null;
}
