import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { userQuery } from '../api/users/queries.ts';
import { UserEdit } from '../features/management/components/user-edit.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { QueryView } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/management_/user/$id_/edit')({
  staticData: {
    title: msg`Edit user`,
    back: '/users',
    trail: [{ title: msg`Users`, to: '/users' }],
  },
  loader: ({ context, params }) => ensureQueries(context.queryClient, userQuery(params.id)),
  component: EditUserPage,
});

function EditUserPage() {
  const { id } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const query = useQuery(userQuery(id));
  return <QueryView query={query}>{(user) => <UserEdit me={me} user={user} />}</QueryView>;
}
