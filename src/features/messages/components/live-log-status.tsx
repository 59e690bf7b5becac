import { Plural, Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../../ui/button.tsx';
import { LiveBadge } from '../../../ui/live-badge.tsx';
import type { LogFeedState } from '../hooks/use-live-message-log.ts';

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
  if (feed === 'refused') return null;
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
      <LiveBadge state={feed} />
    </>
  );
}
