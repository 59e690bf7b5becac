import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
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
      <Link to="/login">
        <Trans>Back to login</Trans>
      </Link>
    </PublicLayout>
  ),
});
