import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { loginMachine, type LoginUser } from '../../machines/login.machine.ts';
import { apiRequest } from '../lib/api-client.ts';
import { brandingQuery } from '../api/branding/queries.ts';
import { productName } from '../lib/branding.ts';
import {
  authKeys,
  currentUserQuery,
  dropSession,
  signInWithPassword,
  startSession,
  type CurrentUser,
} from '../lib/current-user.ts';
import { runtimeConfig } from '../lib/runtime-config.ts';
import { ensureStoredSettings } from '../lib/use-settings.ts';
import { Button } from '../ui/button.tsx';
import { PasswordField, TextField } from '../ui/form/text-field.tsx';
import { MarketingPanel } from './-components/marketing-panel.tsx';
import { PolicyDialog } from './-components/policy-dialog.tsx';
import { PublicLayout } from './-components/public-layout.tsx';

interface LoginSearch {
  redirect?: string;
}

/** Only paths inside the console are followed after sign-in. */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
    ? value
    : undefined;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const target = safeRedirect(search.redirect);
    return target ? { redirect: target } : {};
  },
  beforeLoad: async ({ context }) => {
    // Offline, the login page shows: whether a session exists cannot be known.
    const user = await context.queryClient.ensureQueryData(currentUserQuery()).catch(() => null);
    if (user) throw redirect({ to: '/dashboard' });
  },
  component: LoginPage,
});

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

const LinkButton = styled.button`
  border: none;
  background: none;
  padding: 0;
  font: inherit;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  cursor: pointer;
`;

function LoginPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const search = Route.useSearch();
  const queryClient = Route.useRouteContext().queryClient;
  const { data: branding } = useQuery(brandingQuery());
  const [policy, setPolicy] = useState<'privacy' | 'cookies' | null>(null);

  const [state, send] = useMachine(
    loginMachine.provide({
      actors: {
        signIn: fromPromise(({ input }) => signInWithPassword(input.username, input.password)),
        fetchUser: fromPromise(async () => {
          const user = await apiRequest<CurrentUser | null>('auth', '/auth/user');
          return user as LoginUser | null;
        }),
      },
      actions: {
        saveSession: () => startSession(),
        removeSession: () => void dropSession(),
        signedIn: (_, { user }) => {
          const current = user as unknown as CurrentUser;
          queryClient.setQueryData(authKeys.user(), current);
          void ensureStoredSettings(queryClient, current).then((settings) =>
            navigate({ to: search.redirect ?? settings.defaultRoute ?? '/dashboard' }),
          );
        },
      },
    }),
    { input: {} },
  );
  const busy =
    state.matches('submitting') || state.matches('loadingUser') || state.matches('success');
  const error = state.context.error;
  const oidc = runtimeConfig().thirdPartySignIn;

  const policyLink = (kind: 'privacy' | 'cookies', url: string | null) =>
    url ? (
      <a href={url} target="_blank" rel="noreferrer">
        {kind === 'privacy' ? t`Privacy policy` : t`Cookie policy`}
      </a>
    ) : (
      <LinkButton type="button" onClick={() => setPolicy(kind)}>
        {kind === 'privacy' ? t`Privacy policy` : t`Cookie policy`}
      </LinkButton>
    );

  return (
    <PublicLayout
      aside={<MarketingPanel />}
      footer={
        <>
          {policyLink('privacy', branding?.gdprUrl ?? null)}
          {policyLink('cookies', branding?.cookieUrl ?? null)}
        </>
      }
    >
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'login.submit' });
        }}
      >
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
        <TextField
          label={t`E-mail`}
          type="email"
          name="username"
          autoComplete="username"
          value={state.context.username}
          error={error}
          disabled={busy}
          onChange={(event) =>
            send({ type: 'login.change', field: 'username', value: event.target.value })
          }
        />
        <PasswordField
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          value={state.context.password}
          error={error}
          disabled={busy}
          onChange={(event) =>
            send({ type: 'login.change', field: 'password', value: event.target.value })
          }
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
      <PolicyDialog
        kind={policy ?? 'privacy'}
        open={policy !== null}
        onOpenChange={(open) => !open && setPolicy(null)}
      />
    </PublicLayout>
  );
}
