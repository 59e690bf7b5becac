import { createFileRoute } from '@tanstack/react-router';
import { OidcCallback } from '../features/auth/components/oidc-callback.tsx';
import { PublicLayout } from './-components/public-layout.tsx';

// `login_` keeps this page out of the /login route, which would otherwise be
// its parent: that page renders no outlet and sends signed-in people away.
export const Route = createFileRoute('/login_/callback')({
  component: CallbackPage,
});

function CallbackPage() {
  return (
    <PublicLayout>
      <OidcCallback />
    </PublicLayout>
  );
}
