import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogActions } from '../../ui/dialog.tsx';
import { CookiePolicyText, PrivacyPolicyText } from './policy-texts.tsx';

/** The privacy or cookie policy, read-only or to accept. */
export function PolicyDialog({
  kind,
  open,
  onOpenChange,
  onAccept,
}: {
  kind: 'privacy' | 'cookies';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAccept?: () => void;
}) {
  const title: ReactNode =
    kind === 'privacy' ? <Trans>Privacy policy</Trans> : <Trans>Cookie policy</Trans>;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      {kind === 'privacy' ? <PrivacyPolicyText /> : <CookiePolicyText />}
      <DialogActions>
        {onAccept ? (
          <>
            <Button $variant="secondary" onClick={() => onOpenChange(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              onClick={() => {
                onAccept();
                onOpenChange(false);
              }}
            >
              <Trans>Accept</Trans>
            </Button>
          </>
        ) : (
          <Button onClick={() => onOpenChange(false)}>
            <Trans>Close</Trans>
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
