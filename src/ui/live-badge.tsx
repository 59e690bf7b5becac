import { useLingui } from '@lingui/react/macro';
import { Radio } from 'lucide-react';
import styled from 'styled-components';
import type { ConnectionState } from '../../streams/types.ts';

const Badge = styled.span<{ $state: ConnectionState }>`
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

/** The live feed's state as a small badge: connecting, live, reconnecting or offline. */
export function LiveBadge({ state, className }: { state: ConnectionState; className?: string }) {
  const { t } = useLingui();
  const label = {
    connecting: t`Connecting…`,
    live: t`Live`,
    reconnecting: t`Reconnecting…`,
    offline: t`Offline`,
  }[state];
  return (
    <Badge
      className={className}
      $state={state}
      role="status"
      aria-label={t`Live feed: ${label}`}
      data-feed={state}
    >
      <Radio size={14} aria-hidden />
      {label}
    </Badge>
  );
}
