import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { userQuery } from '../api/users/queries.ts';
import { UserProfile } from '../features/management/components/user-profile.tsx';

export const Route = createFileRoute('/_app/management_/user/$id/')({
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();
  const { data: user } = useQuery(userQuery(id));
  return user ? <UserProfile user={user} /> : null;
}
