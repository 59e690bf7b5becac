import type { ReactNode } from 'react';
import { useNotify } from '../lib/notifications.ts';
import { PageTitle } from './card.tsx';
import { NotFound } from './detail.tsx';

/**
 * A create or edit page's frame: a user whose group may not gets the refusal,
 * a missing entity (id 0) the not-found notice, everyone else the title and the form.
 */
export function EntityFormPage({
  allowed,
  refusal,
  missing = false,
  title,
  children,
}: {
  allowed: boolean;
  refusal: ReactNode;
  missing?: boolean;
  title?: ReactNode;
  children: ReactNode;
}) {
  if (!allowed) return <NotFound>{refusal}</NotFound>;
  if (missing) return <NotFound />;
  return (
    <>
      {title ? <PageTitle>{title}</PageTitle> : null}
      {children}
    </>
  );
}

/**
 * What a form's save does when it settles: on success the user is told and the
 * saved entity opens; a failure is told in the server's words, or with the fallback.
 */
export function useSaveOutcome<Saved>({
  success,
  failure,
  open,
  describe = (error) => error.message || failure,
}: {
  success: string;
  failure: string;
  open: (saved: Saved) => void;
  describe?: (error: Error) => string;
}) {
  const notify = useNotify();
  return {
    onSuccess: (saved: Saved) => {
      notify(success, 'success');
      open(saved);
    },
    onError: (error: Error) => notify(describe(error), 'error'),
  };
}
