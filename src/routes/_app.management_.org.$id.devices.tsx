import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { orgQuery } from '../features/management/api/orgs.ts';
import { OrgDevices } from '../features/management/components/org-tabs.tsx';

export const Route = createFileRoute('/_app/management_/org/$id/devices')({
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();

  const { data: org } = useQuery(orgQuery(id));
  return org ? <OrgDevices org={org} /> : null;
}
