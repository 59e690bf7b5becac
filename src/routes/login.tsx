import { createFileRoute, redirect } from '@tanstack/react-router';
import { brandingQuery } from '../api/branding/queries.ts';
import { currentUserQuery } from '../api/session/queries.ts';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { SignInForm } from '../features/auth/components/sign-in-form.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { MarketingPanel } from './-components/marketing-panel.tsx';
import { PolicyLinks } from './-components/policy-links.tsx';
import { PublicLayout } from './-components/public-layout.tsx';

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
  return (
    <PublicLayout aside={<MarketingPanel />} footer={<PolicyLinks />}>
      <SignInForm redirect={target} />
    </PublicLayout>
  );
}
