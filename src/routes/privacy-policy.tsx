import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PrivacyPolicyText } from './-components/policy-texts.tsx';
import { PublicLayout } from './-components/public-layout.tsx';

export const Route = createFileRoute('/privacy-policy')({
  component: () => (
    <PublicLayout>
      <h1>
        <Trans>Privacy policy</Trans>
      </h1>
      <PrivacyPolicyText />
      <Link to="/login">
        <Trans>Back to login</Trans>
      </Link>
    </PublicLayout>
  ),
});
