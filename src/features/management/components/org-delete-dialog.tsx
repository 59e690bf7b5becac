import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { Items, type DeleteDialogProps } from '../../../ui/list/delete-dialog.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';

/** The word to type when several organisations go at once (spec §5). */
export const DELETE_WORD = 'DELETE';

/**
 * Deleting organisations is confirmed by typing: the organisation's name for
 * one, DELETE for several. Anything else is refused with the spec's message.
 */
export function OrgDeleteDialog({ open, items, busy, onCancel, onConfirm }: DeleteDialogProps) {
  const count = items.length;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={
        items.length === 1 ? (
          <Trans>Delete organisation?</Trans>
        ) : (
          <Trans>Delete organisations?</Trans>
        )
      }
      description={
        items.length === 1 ? (
          <Trans>Type the organisation’s name to confirm. This cannot be undone.</Trans>
        ) : (
          <Trans>
            Type {DELETE_WORD} to confirm that these {count} organisations will be deleted. This
            cannot be undone.
          </Trans>
        )
      }
    >
      <Items>
        {items.map((item, index) => (
          <li key={`${index}-${item}`}>{item}</li>
        ))}
      </Items>
      <TypeToConfirm items={items} busy={busy} onCancel={onCancel} onConfirm={onConfirm} />
    </Dialog>
  );
}

/** Lives inside the dialog's content, so what was typed is gone when the dialog closes. */
function TypeToConfirm({ items, busy, onCancel, onConfirm }: Omit<DeleteDialogProps, 'open'>) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const [refused, setRefused] = useState(false);
  const expected = items.length === 1 ? (items[0] ?? '') : DELETE_WORD;
  const confirm = () => {
    if (typed.trim() !== expected.trim()) setRefused(true);
    else onConfirm();
  };
  return (
    <form
      style={{ marginTop: 16 }}
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
    >
      <TextField
        label={items.length === 1 ? t`Organisation name` : t`Type ${DELETE_WORD}`}
        value={typed}
        autoComplete="off"
        onChange={(event) => {
          setTyped(event.target.value);
          setRefused(false);
        }}
        error={refused ? t`You haven't confirmed that you want to delete the Organisation!` : false}
      />
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
          <Trans>No</Trans>
        </Button>
        <Button type="submit" $variant="danger" disabled={busy}>
          <Trans>Yes</Trans>
        </Button>
      </DialogActions>
    </form>
  );
}
