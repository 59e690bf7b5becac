import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { CookiePolicyText } from './-components/policy-texts.tsx';
import { PublicLayout } from './-components/public-layout.tsx';

export const Route = createFileRoute('/cookie-policy')({
  component: () => (
    <PublicLayout>
      <h1>
        <Trans>Cookie policy</Trans>
      </h1>
      <CookiePolicyText />
      <Link to="/login">
        <Trans>Back to login</Trans>
      </Link>
    </PublicLayout>
  ),
});
