import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { brandedHostsQuery } from '../api/branding/queries.ts';
import { BrandingEditor } from '../features/branding/components/branding-editor.tsx';
import { ensureQueries } from '../lib/query-client.ts';
import { PageTitle } from '../ui/card.tsx';

export const Route = createFileRoute('/_app/settings_/branding')({
  staticData: {
    title: msg`White-label branding`,
    back: '/settings',
    trail: [{ title: msg`Settings`, to: '/settings' }],
  },
  beforeLoad: ({ context }) => {
    // Branding belongs to super users; others go back to their settings.
    if (context.user.group.id !== 1) throw redirect({ to: '/settings' });
  },
  loader: ({ context }) => ensureQueries(context.queryClient, brandedHostsQuery()),
  component: () => (
    <>
      <PageTitle>
        <Trans>White-label branding</Trans>
      </PageTitle>
      <BrandingEditor />
    </>
  ),
});
