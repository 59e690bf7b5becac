import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyText } from './-components/policy-texts.tsx';
import { PublicBackLink } from './-components/public-back-link.tsx';
import { PublicLayout } from './-components/public-layout.tsx';

export const Route = createFileRoute('/privacy-policy')({
  component: () => (
    <PublicLayout>
      <h1>
        <Trans>Privacy policy</Trans>
      </h1>
      <PrivacyPolicyText />
      <PublicBackLink />
    </PublicLayout>
  ),
});
