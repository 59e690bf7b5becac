import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import {
  passwordResetMachine,
  type PasswordResetInput,
  type ResetError,
} from '../../../../machines/password-reset.machine.ts';
import {
  confirmAccount,
  requestPasswordReset,
  setPasswordFromResetLink,
} from '../../../api/session/passwords.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { PasswordField, TextField } from '../../../ui/form/text-field.tsx';

const Form = styled.form`
  display: grid;
  gap: 16px;
  h1 {
    margin: 0;
    font-size: 1.6rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.5;
  }
`;

const Done = styled.div`
  display: grid;
  gap: 16px;
  justify-items: start;
  svg {
    color: ${({ theme }) => theme.colors.success};
  }
`;

function useErrorText() {
  const { t, i18n } = useLingui();
  /** `failure` is what the last call failed with: the machine names only the failures it knows. */
  return (error: ResetError | null, failure: unknown): string | undefined => {
    switch (error) {
      case 'passwordEmpty':
        return t`Password cannot be empty!`;
      case 'passwordUnder8':
        return t`Password must contain at least 8 characters!`;
      case 'passwordMismatch':
        return t`The entered passwords are not identical!`;
      case 'emailInvalid':
        return t`Enter a valid e-mail address.`;
      case 'emailNotFound':
        return t`The e-mail is not assigned to an existing account.`;
      case 'userGone':
        return t`The user no longer exists, or the link has expired or been blocked.`;
      case 'network':
        // Every other failure: a network error only when no answer came, else the server's words.
        return errorMessage(i18n, failure);
      default:
        return undefined;
    }
  };
}

/**
 * The three password screens in one: request a reset link (email), set a new
 * password from a reset link, and set the first password of a new account.
 */
export function PasswordForm({ input }: { input: PasswordResetInput }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<unknown>(null);
  const remembered = <T,>(call: Promise<T>): Promise<T> =>
    call.catch((error: unknown) => {
      setFailure(error);
      throw error;
    });
  const [state, send] = useMachine(
    passwordResetMachine.provide({
      actors: {
        requestReset: fromPromise(({ input: request }) =>
          remembered(requestPasswordReset({ email: request.email })),
        ),
        savePassword: fromPromise(({ input: save }) =>
          remembered(
            (save.mode === 'reset' ? setPasswordFromResetLink : confirmAccount)({
              token: save.token,
              newPassword: save.password,
            }),
          ),
        ),
      },
      actions: { goToLogin: () => void navigate({ to: '/login' }) },
    }),
    { input },
  );
  const { context } = state;
  const error = errorText(context.error, failure);
  const busy = state.matches('sending') || state.matches('saving');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    send({ type: 'reset.submit' });
  };

  if (state.matches('sent')) {
    return (
      <Done role="status">
        <CheckCircle2 size={40} aria-hidden />
        <h1>
          <Trans>Check your e-mail</Trans>
        </h1>
        <p>
          <Trans>
            We have sent a link to {context.email}. It lets you choose a new password within the
            next hour.
          </Trans>
        </p>
        <Link to="/login">
          <Trans>Go to login</Trans>
        </Link>
      </Done>
    );
  }

  if (state.matches('success') || state.matches('done')) {
    return (
      <Done role="status">
        <CheckCircle2 size={40} aria-hidden />
        <h1>
          {context.mode === 'confirm' ? (
            <Trans>Your account is ready</Trans>
          ) : (
            <Trans>Your password has been changed</Trans>
          )}
        </h1>
        <Button onClick={() => send({ type: 'reset.goToLogin' })}>
          <Trans>Go to login</Trans>
        </Button>
      </Done>
    );
  }

  if (context.mode === 'request') {
    return (
      <Form noValidate onSubmit={submit}>
        <h1>
          <Trans>Forgot your password?</Trans>
        </h1>
        <p>
          <Trans>
            Enter the e-mail address of your account, and we will send you a link to choose a new
            password.
          </Trans>
        </p>
        <TextField
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          value={context.email}
          error={error ?? false}
          disabled={busy}
          onChange={(event) =>
            send({ type: 'reset.change', field: 'email', value: event.target.value })
          }
        />
        <Button type="submit" $block disabled={busy}>
          <Trans>Request password reset</Trans>
        </Button>
        <Link to="/login">
          <Trans>Back to login</Trans>
        </Link>
      </Form>
    );
  }

  const passwordError =
    context.error === 'passwordEmpty' || context.error === 'passwordUnder8' ? error : undefined;
  const confirmationError = context.error === 'passwordMismatch' ? error : undefined;
  const otherError =
    context.error === 'userGone' || context.error === 'network' ? error : undefined;
  return (
    <Form noValidate onSubmit={submit}>
      <h1>
        {context.mode === 'confirm' ? (
          <Trans>Choose your password</Trans>
        ) : (
          <Trans>Choose a new password</Trans>
        )}
      </h1>
      <p>
        <Trans>Use at least 8 characters.</Trans>
      </p>
      <PasswordField
        label={t`New password`}
        autoComplete="new-password"
        value={context.password}
        error={passwordError ?? false}
        disabled={busy}
        onChange={(event) =>
          send({ type: 'reset.change', field: 'password', value: event.target.value })
        }
      />
      <PasswordField
        label={t`Confirm password`}
        autoComplete="new-password"
        value={context.confirmation}
        error={confirmationError ?? false}
        disabled={busy}
        onChange={(event) =>
          send({ type: 'reset.change', field: 'confirmation', value: event.target.value })
        }
      />
      {otherError ? <p role="alert">{otherError}</p> : null}
      <Button type="submit" $block disabled={busy}>
        {context.mode === 'confirm' ? <Trans>Set password</Trans> : <Trans>Change password</Trans>}
      </Button>
    </Form>
  );
}
