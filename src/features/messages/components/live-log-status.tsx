import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Radio } from 'lucide-react';
import styled from 'styled-components';
import { Button } from '../../../ui/button.tsx';
import type { LogFeedState } from '../api/use-live-message-log.ts';

const Badge = styled.span<{ $state: LogFeedState }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 4px 10px;
  border-radius: 999px;
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme, $state }) =>
    $state === 'live'
      ? theme.colors.success
      : $state === 'offline'
        ? theme.colors.danger
        : theme.colors.textMuted};
  border: 1px solid currentColor;
`;

const Notice = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-size: 0.875rem;
`;

/**
 * The log's live feed state, and the new messages the list cannot show in
 * place (a later page, another order) with a way to see them.
 */
export function LiveLogStatus({
  feed,
  pending,
  showLabel,
  onShow,
}: {
  feed: LogFeedState;
  pending: number;
  /** "Show" when that goes to the first page, "Refresh" when it reads the page again. */
  showLabel: 'show' | 'refresh';
  onShow: () => void;
}) {
  const { t } = useLingui();
  if (feed === 'refused') return null;
  const label = {
    connecting: t`Connecting…`,
    live: t`Live`,
    reconnecting: t`Reconnecting…`,
    offline: t`Offline`,
  }[feed];
  return (
    <>
      {pending > 0 ? (
        <Notice role="status" data-pending={pending}>
          <Plural value={pending} one="# new message" other="# new messages" />
          <Button $variant="secondary" onClick={onShow}>
            {showLabel === 'show' ? <Trans>Show</Trans> : <Trans>Refresh</Trans>}
          </Button>
        </Notice>
      ) : null}
      <Badge $state={feed} role="status" aria-label={t`Live feed: ${label}`} data-feed={feed}>
        <Radio size={14} aria-hidden />
        {label}
      </Badge>
    </>
  );
}
