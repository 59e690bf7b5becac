import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { orgQuery } from '../features/management/api/orgs.ts';
import { OrgSubOrgs } from '../features/management/components/org-tabs.tsx';

export const Route = createFileRoute('/_app/management_/org/$id/suborgs')({
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const { data: org } = useQuery(orgQuery(id));
  return org ? <OrgSubOrgs me={me} org={org} /> : null;
}
