import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { userQuery } from '../api/users/queries.ts';
import { UserHeader } from '../features/management/components/user-header.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { QueryView } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/management_/user/$id')({
  staticData: {
    title: msg`User`,
    back: '/users',
    trail: [{ title: msg`Users`, to: '/users' }],
  },
  loader: ({ context, params }) => ensureQueries(context.queryClient, userQuery(params.id)),
  component: UserPage,
});

function UserPage() {
  const { id } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const query = useQuery(userQuery(id));
  return (
    <QueryView query={query}>
      {(user) => (
        <>
          <UserHeader me={me} user={user} />
          <Outlet />
        </>
      )}
    </QueryView>
  );
}
