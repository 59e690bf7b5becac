import { cleanup, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../lib/i18n.ts';
import { NotifyContext, type Notify } from '../lib/notifications.ts';
import { EntityFormPage, useSaveOutcome } from './entity-page.tsx';
import { renderScreen } from './test-support.tsx';

beforeAll(() => activateLocale('en'));
afterEach(cleanup);

describe('EntityFormPage', () => {
  const renderPage = (allowed: boolean, missing: boolean) =>
    renderScreen(
      <EntityFormPage
        allowed={allowed}
        refusal="Your group may not."
        missing={missing}
        title="Edit"
      >
        <p>the form</p>
      </EntityFormPage>,
    );

  it('refuses a user whose group may not, before anything else', () => {
    renderPage(false, true);
    expect(screen.getByRole('alert').textContent).toBe('Your group may not.');
    expect(screen.queryByText('the form')).toBeNull();
  });

  it('says a missing entity is not there', () => {
    renderPage(true, true);
    expect(screen.getByRole('alert').textContent).toContain('This does not exist');
    expect(screen.queryByText('the form')).toBeNull();
  });

  it('shows the title and the form to a user who may', () => {
    renderPage(true, false);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit');
    expect(screen.getByText('the form')).toBeTruthy();
  });
});

describe('useSaveOutcome', () => {
  const outcomeWith = (notify: Notify, open: (saved: { id: number }) => void) =>
    renderHook(() => useSaveOutcome({ success: 'Saved', failure: 'Update failed', open }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <NotifyContext.Provider value={notify}>{children}</NotifyContext.Provider>
      ),
    }).result.current;

  it('tells the user and opens the saved entity', () => {
    const notify = vi.fn<Notify>();
    const open = vi.fn();
    outcomeWith(notify, open).onSuccess({ id: 7 });
    expect(notify).toHaveBeenCalledWith('Saved', 'success');
    expect(open).toHaveBeenCalledWith({ id: 7 });
  });

  it("says a failure in the server's words, or in the general ones", () => {
    const notify = vi.fn<Notify>();
    const outcome = outcomeWith(notify, vi.fn());
    outcome.onError(new Error('Name already taken'));
    outcome.onError(new Error(''));
    expect(notify.mock.calls).toEqual([
      ['Name already taken', 'error'],
      ['Update failed', 'error'],
    ]);
  });
});
