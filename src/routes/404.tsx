import { createFileRoute } from '@tanstack/react-router';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { MissingPage } from './-components/missing-page.tsx';

export const Route = createFileRoute('/404')({
  validateSearch: (search: Record<string, unknown>): { from?: string } => {
    const from = safeRedirect(search.from);
    return from ? { from } : {};
  },
  component: NotFoundPage,
});

function NotFoundPage() {
  const { from } = Route.useSearch();
  return <MissingPage from={from} />;
}
