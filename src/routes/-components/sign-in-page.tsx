import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { MarketingPanel } from './marketing-panel.tsx';
import { PolicyLinks } from './policy-links.tsx';
import { PublicLayout } from './public-layout.tsx';

/** The sign-in page (spec §5 Login): the /login route's, and the one the server sends before the scripts run. */
export function SignInPage({ redirect }: { redirect: string | undefined }) {
  return (
    <PublicLayout aside={<MarketingPanel />} footer={<PolicyLinks />}>
      <SignInForm redirect={redirect} />
    </PublicLayout>
  );
}
