import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../button.tsx';
import { Dialog, DialogActions } from '../dialog.tsx';

export const Items = styled.ul`
  max-height: 200px;
  overflow: auto;
  margin: 12px 0 0;
  padding-left: 20px;
`;

export interface DeleteDialogProps {
  open: boolean;
  items: string[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Delete confirmation (yes/no), listing what is about to go. */
export function DeleteDialog({ open, items, busy, onCancel, onConfirm }: DeleteDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={<Trans>Delete?</Trans>}
      description={
        items.length === 1 ? (
          <Trans>This cannot be undone.</Trans>
        ) : (
          <Trans>These {items.length} items will be deleted. This cannot be undone.</Trans>
        )
      }
    >
      <Items>
        {items.map((item, index) => (
          <li key={`${index}-${item}`}>{item}</li>
        ))}
      </Items>
      <DialogActions>
        <Button $variant="secondary" onClick={onCancel} disabled={busy}>
          <Trans>No</Trans>
        </Button>
        <Button $variant="danger" onClick={onConfirm} disabled={busy}>
          <Trans>Yes</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
