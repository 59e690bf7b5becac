import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { orgQuery } from '../features/management/api/orgs.ts';
import { OrgDetails } from '../features/management/components/org-tabs.tsx';

export const Route = createFileRoute('/_app/management_/org/$id/')({
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();

  const { data: org } = useQuery(orgQuery(id));
  return org ? <OrgDetails org={org} /> : null;
}
