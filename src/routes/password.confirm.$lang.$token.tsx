import { createFileRoute } from '@tanstack/react-router';
import { PasswordForm } from '../features/auth/components/password-form.tsx';
import { PublicLayout } from './-components/public-layout.tsx';
import { useLinkLanguage } from './-components/use-link-language.ts';

export const Route = createFileRoute('/password/confirm/$lang/$token')({
  component: ConfirmPage,
});

/** The confirm-user page: a new user sets their first password from the mailed link. */
function ConfirmPage() {
  const { lang, token } = Route.useParams();
  useLinkLanguage(lang);
  return (
    <PublicLayout>
      <PasswordForm input={{ mode: 'confirm', token }} />
    </PublicLayout>
  );
}
