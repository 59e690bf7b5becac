import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { AlertTriangle, WifiOff } from 'lucide-react';
import styled from 'styled-components';
import { NetworkError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { useOnline } from '../../ui/status.tsx';
import { PublicLayout } from './public-layout.tsx';

const Box = styled.div`
  display: grid;
  padding: 24px 16px;
  gap: 14px;
  justify-items: start;
  h1 {
    margin: 0;
    font-size: 1.6rem;
  }
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/**
 * A page that could not be opened: what happened in the console's language
 * (offline, or the server's words), with a way to try again and a way home,
 * in place of the router's bare English error.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { i18n } = useLingui();
  const router = useRouter();
  const online = useOnline();
  const offline = !online || error instanceof NetworkError;
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Box role="alert">
      {offline ? <WifiOff size={44} aria-hidden /> : <AlertTriangle size={44} aria-hidden />}
      <h1>
        {offline ? (
          <Trans>This page cannot be opened offline</Trans>
        ) : (
          <Trans>This page could not be opened</Trans>
        )}
      </h1>
      <p>
        {offline ? (
          <Trans>
            The console has not kept what this page needs on this device. It opens when the
            connection is back.
          </Trans>
        ) : (
          errorMessage(i18n, error)
        )}
      </p>
      <Actions>
        <Button onClick={retry}>
          <Trans>Try again</Trans>
        </Button>
        <Button $variant="secondary" as={Link} to="/dashboard">
          <Trans>Go to dashboard</Trans>
        </Button>
      </Actions>
    </Box>
  );
}

/** The same, on a page of its own: the signed-in layout itself could not be opened. */
export function LayoutError(props: ErrorComponentProps) {
  return (
    <PublicLayout>
      <RouteError {...props} />
    </PublicLayout>
  );
}
