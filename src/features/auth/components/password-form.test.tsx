import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setPasswordFromResetLink } from '../../../api/session/passwords.ts';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { press, renderScreen, typeInto } from '../../../ui/test-support.tsx';
import { PasswordForm } from './password-form.tsx';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/login">{children}</a>,
  useNavigate: () => vi.fn(),
}));
vi.mock('../../../api/session/passwords.ts', () => ({
  requestPasswordReset: vi.fn(),
  setPasswordFromResetLink: vi.fn(),
  confirmAccount: vi.fn(),
}));
const save = vi.mocked(setPasswordFromResetLink);

beforeAll(() => activateLocale('en'));
afterEach(() => {
  cleanup();
  save.mockReset();
});

/** Chooses a valid new password from a reset link, and gives what the form then says. */
async function chooseNewPassword(): Promise<string | null> {
  renderScreen(<PasswordForm input={{ mode: 'reset', token: 'link-token' }} />);
  typeInto('New password', 'long enough 1');
  typeInto('Confirm password', 'long enough 1');
  await press('Change password');
  await waitFor(() => expect(save).toHaveBeenCalled());
  return (await screen.findByRole('alert')).textContent;
}

describe('the new-password form', () => {
  it("says the server's message when it refused the password", async () => {
    save.mockRejectedValue(new ApiError(400, 'body.token must NOT have more than 200 characters'));
    expect(await chooseNewPassword()).toBe('body.token must NOT have more than 200 characters');
  });

  it('says network error only when no answer came', async () => {
    save.mockRejectedValue(new NetworkError());
    expect(await chooseNewPassword()).toBe('Network Error');
  });
});
