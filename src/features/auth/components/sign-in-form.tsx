import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { PasswordSignIn } from '../../../../contracts/session.ts';
import { loginMachine, type LoginUser } from '../../../../machines/login.machine.ts';
import { brandingQuery } from '../../../api/branding/queries.ts';
import {
  dropSession,
  signInWithPassword,
  startSession,
  useSignedIn,
} from '../../../api/session/mutations.ts';
import { fetchCurrentUser } from '../../../api/session/queries.ts';
import { productName } from '../../../lib/branding.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { Button } from '../../../ui/button.tsx';
import { PasswordInput, TextInput } from '../../../ui/form/inputs.tsx';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';

const Form = styled.form`
  display: grid;
  gap: 16px;
  h1 {
    margin: 0;
    font-size: 1.75rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.5;
  }
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 8px;
  font-size: 0.875rem;
`;

const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

/**
 * Sign-in with a password (spec §5 Login). The form holds and checks the
 * fields; the login machine runs the sign-in and follows what the form holds.
 * A refused sign-in marks both fields without saying which one was wrong.
 */
export function SignInForm({ redirect }: { redirect: string | undefined }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { data: branding } = useQuery(brandingQuery());
  const signedIn = useSignedIn();
  const form = useContractForm({
    schema: PasswordSignIn,
    defaultValues: { username: '', password: '' },
  });

  const [state, send] = useMachine(
    loginMachine.provide({
      actors: {
        signIn: fromPromise(({ input }) => signInWithPassword(input)),
        fetchUser: fromPromise<LoginUser | null>(() => fetchCurrentUser()),
      },
      actions: {
        saveSession: () => startSession(),
        removeSession: () => void dropSession(),
        signedIn: (_, { user }) => {
          // The machine passes on the record fetchUser read: the server's SignedInUser.
          void signedIn(user as unknown as SignedInUser).then((settings) =>
            navigate({ to: redirect ?? settings.defaultRoute ?? '/dashboard' }),
          );
        },
      },
    }),
    { input: {} },
  );

  useEffect(() => {
    const watching = form.watch((values, { name }) => {
      if (name === 'username' || name === 'password')
        send({ type: 'login.change', field: name, value: values[name] ?? '' });
    });
    return () => watching.unsubscribe();
  }, [form, send]);

  const busy =
    state.matches('submitting') || state.matches('loadingUser') || state.matches('success');
  const refused = state.context.error;
  const oidc = runtimeConfig().thirdPartySignIn;

  return (
    <Form noValidate onSubmit={form.handleSubmit(() => send({ type: 'login.submit' }))}>
      <h1>
        <Trans>Sign in to {productName(branding)}</Trans>
      </h1>
      <p>
        {branding?.loginText ?? (
          <Trans>
            An open source platform for building, deploying and managing IoT devices at scale, and
            for collecting, processing, analysing and visualising their data in real time.
          </Trans>
        )}
      </p>
      <TextInput
        control={form.control}
        name="username"
        label={t`E-mail`}
        type="email"
        autoComplete="username"
        invalid={refused}
        disabled={busy}
      />
      <PasswordInput
        control={form.control}
        name="password"
        label={t`Password`}
        autoComplete="current-password"
        invalid={refused}
        disabled={busy}
      />
      <Row>
        <Link to="/password/reset/$lang/{-$token}" params={{ lang: 'da' }}>
          <Trans>Forgot password?</Trans>
        </Link>
        <span title={t`Your username is the e-mail address your account was created with.`}>
          <Trans>Forgot username? It is your e-mail address.</Trans>
        </span>
      </Row>
      <Button type="submit" $block disabled={busy}>
        {busy ? <Trans>Signing in…</Trans> : <Trans>Log in</Trans>}
      </Button>
      {oidc ? (
        <>
          <Divider>
            <Trans>or</Trans>
          </Divider>
          <Button
            as="a"
            $variant="secondary"
            $block
            href={`/api/auth/oidc/start?language=${i18n.locale}`}
          >
            <Trans>Sign in with Google</Trans>
          </Button>
        </>
      ) : null}
      <p>
        <Trans>Create account: ask the administrator of your organisation to invite you.</Trans>
      </p>
    </Form>
  );
}
