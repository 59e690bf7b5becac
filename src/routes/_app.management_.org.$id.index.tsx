import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { organisationQuery } from '../api/organisations/queries.ts';
import { OrgDetails } from '../features/management/components/org-tabs.tsx';

export const Route = createFileRoute('/_app/management_/org/$id/')({
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();

  const { data: org } = useQuery(organisationQuery(id));
  return org ? <OrgDetails org={org} /> : null;
}
