import { createFileRoute, redirect } from '@tanstack/react-router';
import { brandingQuery } from '../api/branding/queries.ts';
import { currentUserQuery } from '../api/session/queries.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { AppShell } from './-components/app-shell.tsx';
import { LayoutError } from './-components/route-error.tsx';

/**
 * Every app page needs a session: without one, /login, remembering where the
 * user was going. Only the server can tell (the session cookie is HttpOnly).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery());
    if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { user };
  },
  loader: ({ context }) => ensureQueries(context.queryClient, brandingQuery()),
  component: AppLayout,
  errorComponent: LayoutError,
});

function AppLayout() {
  const { user } = Route.useRouteContext();
  return <AppShell user={user} />;
}
