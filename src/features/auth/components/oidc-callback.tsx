import { Trans } from '@lingui/react/macro';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  signInWithOidc,
  startSession,
  useSignedIn,
  useSignInFailed,
} from '../../../api/session/mutations.ts';
import { fetchCurrentUser } from '../../../api/session/queries.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';
import { Loading } from '../../../ui/status.tsx';

/** What the provider put in the fragment of its redirect (OpenID Connect implicit flow). */
type ProviderAnswer = { idToken: string; state: string } | { error: string | undefined };

// OAuth error codes are lower-case words; anything else in the fragment is
// not shown, since whoever made the link chose it.
const ERROR_CODE = /^[a-z_]{1,64}$/;

function readProviderAnswer(hash: string): ProviderAnswer {
  const fields = new URLSearchParams(hash.replace(/^#/, ''));
  const idToken = fields.get('id_token');
  const state = fields.get('state');
  const error = fields.get('error');
  if (error !== null || !idToken || !state) {
    return { error: error !== null && ERROR_CODE.test(error) ? error : undefined };
  }
  return { idToken, state };
}

const Box = styled.div`
  display: grid;
  gap: 14px;
  justify-items: center;
  text-align: center;
  svg {
    color: ${({ theme }) => theme.colors.danger};
  }
  h1 {
    margin: 0;
    font-size: 1.4rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * Where the provider sends the browser back: the id_token and state from the
 * fragment go to the server, which checks them against the flow cookie set
 * when sign-in began, and the console continues as after a password sign-in.
 */
export function OidcCallback() {
  const navigate = useNavigate();
  const router = useRouter();
  const signedIn = useSignedIn();
  const signInFailed = useSignInFailed();
  // Read during the first render, before the effect takes the fragment out of the address bar.
  const [answer] = useState(() => readProviderAnswer(window.location.hash));
  const [failed, setFailed] = useState(false);
  // The answer is single-use (the server clears the flow cookie), so the
  // second effect run of StrictMode must not post it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The token must not linger in the address bar, the history or a bookmark.
    router.history.replace(window.location.pathname);
    if ('error' in answer) return;
    let stored = false;
    const signIn = async () => {
      const session = await signInWithOidc({ id_token: answer.idToken, state: answer.state });
      startSession();
      stored = true;
      const user = await fetchCurrentUser();
      if (!user) throw new Error('No user behind the new session');
      const settings = await signedIn(user);
      return safeRedirect(session.redirect) ?? settings.defaultRoute ?? '/dashboard';
    };
    signIn().then(
      (target) => navigate({ to: target, replace: true }),
      () => {
        // A session stored before the user could be loaded is of no use.
        if (stored) signInFailed();
        setFailed(true);
      },
    );
  }, [answer, navigate, router, signedIn, signInFailed]);

  const failure = 'error' in answer ? { code: answer.error } : failed ? { code: undefined } : null;

  return failure ? (
    <Box role="alert">
      <AlertTriangle size={40} aria-hidden />
      <h1>
        <Trans>Sign-in with the provider failed.</Trans>
      </h1>
      {failure.code ? (
        <p>
          <Trans>The provider answered: {failure.code}</Trans>
        </p>
      ) : null}
      <Link to="/login">
        <Trans>Back to login</Trans>
      </Link>
    </Box>
  ) : (
    <Loading label={<Trans>Signing in…</Trans>} />
  );
}
