import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { userQuery } from '../api/users/queries.ts';
import { UserAccess } from '../features/management/components/user-access.tsx';

export const Route = createFileRoute('/_app/management_/user/$id/access')({
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const { data: user } = useQuery(userQuery(id));
  return user ? <UserAccess me={me} user={user} /> : null;
}
