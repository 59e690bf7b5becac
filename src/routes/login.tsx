import { createFileRoute, redirect } from '@tanstack/react-router';
import { brandingQuery } from '../api/branding/queries.ts';
import { currentUserQuery } from '../api/session/queries.ts';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { SignInPage } from './-components/sign-in-page.tsx';

interface LoginSearch {
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const target = safeRedirect(search.redirect);
    return target ? { redirect: target } : {};
  },
  beforeLoad: async ({ context }) => {
    // Offline, the login page shows: whether a session exists cannot be known.
    const user = await context.queryClient.ensureQueryData(currentUserQuery()).catch(() => null);
    if (user) throw redirect({ to: '/dashboard' });
  },
  loader: ({ context }) => ensureQueries(context.queryClient, brandingQuery()),
  component: LoginPage,
});

function LoginPage() {
  const { redirect: target } = Route.useSearch();
  return <SignInPage redirect={target} />;
}
