import { Trans } from '@lingui/react/macro';
import { CloudOff } from 'lucide-react';
import styled from 'styled-components';
import { Button } from '../button.tsx';
import { WarningNotice } from '../warning-notice.tsx';

const Notice = styled(WarningNotice)`
  flex-wrap: wrap;
  align-items: center;
  span {
    flex: 1 1 200px;
  }
`;

/**
 * Said above a list whose refresh failed while the rows kept in the browser
 * are still shown, so nobody takes old rows for the server's current answer.
 */
export function StaleNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <Notice role="status">
      <CloudOff size={18} aria-hidden />
      <span>
        <Trans>The list could not be refreshed; it shows what was loaded before.</Trans>
      </span>
      <Button $variant="secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Notice>
  );
}
