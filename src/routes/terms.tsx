import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PublicBackLink } from './-components/public-back-link.tsx';
import { PublicLayout } from './-components/public-layout.tsx';

export const Route = createFileRoute('/terms')({
  component: () => (
    <PublicLayout>
      <h1>
        <Trans>Terms and conditions</Trans>
      </h1>
      <p>
        <Trans>
          Nordlys is open source software, provided as it is. The organisation that runs this
          installation decides the terms of its use; ask its administrator.
        </Trans>
      </p>
      <PublicBackLink />
    </PublicLayout>
  ),
});
