import { Trans, useLingui } from '@lingui/react/macro';
import { onlineManager } from '@tanstack/react-query';
import { AlertTriangle, Inbox, WifiOff } from 'lucide-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { errorMessage } from '../lib/error-message.ts';
import { Button } from './button.tsx';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Box = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  padding: 48px 16px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Spinner = styled.span`
  width: 32px;
  height: 32px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

/** Whether the browser is online, as the query client knows it (main.tsx sets it at start). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * Something on its way. Offline, nothing is on its way: reads wait for the
 * network (what was kept on this device shows instead of this), so the
 * screen says that it has nothing kept rather than spinning; it loads by
 * itself when the connection is back.
 */
export function Loading({ label }: { label?: ReactNode }) {
  const online = useOnline();
  if (!online) {
    return (
      <Box role="status" aria-live="polite" data-offline>
        <WifiOff size={32} aria-hidden />
        <span>
          <Trans>
            This has not been kept on this device, so it cannot be shown offline. It loads when the
            connection is back.
          </Trans>
        </span>
      </Box>
    );
  }
  return (
    <Box role="status" aria-live="polite">
      <Spinner aria-hidden />
      <span>{label ?? <Trans>Loading…</Trans>}</span>
    </Box>
  );
}

export function Empty({ children }: { children?: ReactNode }) {
  return (
    <Box>
      <Inbox size={32} aria-hidden />
      <span>{children ?? <Trans>There is currently no data available!</Trans>}</span>
    </Box>
  );
}

/**
 * A read that failed: `message`, or else what `error` says (error-message.ts:
 * a network error only when no answer came, otherwise the server's message).
 */
export function ErrorState({
  message,
  error,
  onRetry,
}: {
  message?: ReactNode;
  error?: unknown;
  onRetry?: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <Box role="alert">
      <AlertTriangle size={32} aria-hidden />
      <span>{message ?? errorMessage(i18n, error)}</span>
      {onRetry ? (
        <Button $variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}
    </Box>
  );
}
