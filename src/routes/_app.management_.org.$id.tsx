import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { orgQuery } from '../features/management/api/orgs.ts';
import { OrgHeader } from '../features/management/components/org-header.tsx';
import { QueryView } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/management_/org/$id')({
  staticData: {
    title: msg`Organisation`,
    back: '/orgs',
    trail: [{ title: msg`Organisations`, to: '/orgs' }],
  },
  component: OrgPage,
});

function OrgPage() {
  const { id } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const query = useQuery(orgQuery(id));
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
