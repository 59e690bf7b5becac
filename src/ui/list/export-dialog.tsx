import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../button.tsx';
import { Dialog, DialogActions } from '../dialog.tsx';
import { download, exportFileName, toCsv, toJson } from './export.ts';

/** Export dialog: CSV and JSON buttons, and close. */
export function ExportDialog({
  open,
  name,
  rows,
  onClose,
  onExported,
}: {
  open: boolean;
  name: string;
  rows: Record<string, unknown>[];
  onClose: () => void;
  onExported?: () => void;
}) {
  const { t } = useLingui();
  const save = (kind: 'csv' | 'json') => {
    const text = kind === 'csv' ? toCsv(rows) : toJson(rows);
    download(
      text,
      exportFileName(name, kind),
      kind === 'csv' ? 'text/csv;charset=utf-8' : 'application/json',
    );
    onExported?.();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t`Export`}
      description={<Trans>{rows.length} rows, as shown in the list.</Trans>}
    >
      <DialogActions>
        <Button onClick={() => save('csv')}>CSV</Button>
        <Button onClick={() => save('json')}>JSON</Button>
        <Button $variant="secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
