import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNotify } from '../lib/notifications.ts';
import { Button } from './button.tsx';
import { DeleteDialog } from './list/delete-dialog.tsx';

/**
 * A detail page's delete action: asks first, naming the entity, then deletes.
 * A refusal (an entity still in use) is said with the server's words.
 */
export function DeleteEntityButton({
  name,
  onDelete,
  onDeleted,
}: {
  name: string;
  onDelete: () => Promise<unknown>;
  onDeleted: () => Promise<unknown>;
}) {
  const { t } = useLingui();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button $variant="secondary" onClick={() => setOpen(true)}>
        <Trash2 size={18} aria-hidden />
        <Trans>Delete</Trans>
      </Button>
      <DeleteDialog
        open={open}
        items={[name]}
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setBusy(true);
          onDelete().then(
            async () => {
              setOpen(false);
              setBusy(false);
              notify(t`Deleted`, 'success');
              await onDeleted();
            },
            (error: unknown) => {
              setBusy(false);
              setOpen(false);
              notify(
                error instanceof Error && error.message ? error.message : t`Deletion failed`,
                'error',
              );
            },
          );
        }}
      />
    </>
  );
}
