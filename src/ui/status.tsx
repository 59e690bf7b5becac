import { Trans, useLingui } from '@lingui/react/macro';
import { AlertTriangle, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
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

export function Loading({ label }: { label?: ReactNode }) {
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
