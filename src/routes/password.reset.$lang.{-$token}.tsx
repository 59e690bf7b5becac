import { createFileRoute } from '@tanstack/react-router';
import { PasswordForm } from '../features/auth/components/password-form.tsx';
import { PublicLayout } from './-components/public-layout.tsx';
import { useLinkLanguage } from './-components/use-link-language.ts';

export const Route = createFileRoute('/password/reset/$lang/{-$token}')({
  component: ResetPage,
});

/** Without a token: ask for a reset link. With one (from the mail): choose a new password. */
function ResetPage() {
  const { lang, token } = Route.useParams();
  useLinkLanguage(lang);
  return (
    <PublicLayout>
      <PasswordForm
        key={token ?? 'request'}
        input={token ? { mode: 'reset', token } : { mode: 'request' }}
      />
    </PublicLayout>
  );
}
