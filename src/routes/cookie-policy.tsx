import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CookiePolicyText } from './-components/policy-texts.tsx';
import { PublicBackLink } from './-components/public-back-link.tsx';
import { PublicLayout } from './-components/public-layout.tsx';

export const Route = createFileRoute('/cookie-policy')({
  component: () => (
    <PublicLayout>
      <h1>
        <Trans>Cookie policy</Trans>
      </h1>
      <CookiePolicyText />
      <PublicBackLink />
    </PublicLayout>
  ),
});
