import { Trans, useLingui } from '@lingui/react/macro';
import { Braces, FileSpreadsheet } from 'lucide-react';
import { download } from '../../../ui/list/export.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import type { DrawnGraph } from './drawn-data.tsx';
import { graphCsv, graphExportName, graphJson } from './export.ts';

/**
 * The spec's export dialog for one graph: CSV and JSON of exactly what the
 * graph draws, and close.
 */
export function ExportDialog({
  open,
  drawn,
  onClose,
}: {
  open: boolean;
  /** What the graph draws now; null while it draws nothing (the buttons are off). */
  drawn: DrawnGraph | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const rows = drawn?.datasets.reduce((sum, dataset) => sum + dataset.rows.length, 0) ?? 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t`Export data`}
      description={
        drawn && rows > 0 ? (
          <Trans>
            The values the graph shows now, as a CSV or JSON file: {rows} rows in the{' '}
            {drawn.timeZone} time zone.
          </Trans>
        ) : (
          <Trans>There is currently no data available!</Trans>
        )
      }
    >
      <DialogActions>
        <Button
          $variant="secondary"
          disabled={!drawn || rows === 0}
          onClick={() =>
            drawn && download(graphCsv(drawn), graphExportName(drawn, 'csv'), 'text/csv')
          }
        >
          <FileSpreadsheet size={18} aria-hidden />
          CSV
        </Button>
        <Button
          $variant="secondary"
          disabled={!drawn || rows === 0}
          onClick={() =>
            drawn && download(graphJson(drawn), graphExportName(drawn, 'json'), 'application/json')
          }
        >
          <Braces size={18} aria-hidden />
          JSON
        </Button>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
