import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import type { Graph } from '../../../../contracts/dashboard.ts';
import { lazyLater } from '../../../lib/lazy-later.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { Loading } from '../../../ui/status.tsx';
import { isEditable } from '../graphs/editor-values.ts';

/**
 * The editor's form, with the form library and the editor's fields, loads
 * apart from the dashboard: viewing one never needs it.
 */
export const GraphEditorForm = lazyLater(
  () => import('./graph-editor-form.tsx'),
  (module) => module.default,
);

export interface GraphEditorDialogProps {
  open: boolean;
  /** The graph to change; null for a new one. */
  graph: Graph | null;
  onSave: (graph: Graph) => void;
  onCancel: () => void;
  /** Numbers in [0, 1) a new graph's id is made with. */
  random?: () => number;
  /** The clock a custom period is checked against. */
  now?: () => number;
}

/**
 * Adds a graph to a dashboard or changes one: its type, name, data sources,
 * period and how it shows its values. Save hands back a complete graph and
 * refuses, naming each missing field, until it is; Cancel hands back nothing.
 * Maps are not edited here yet.
 */
export function GraphEditorDialog({
  open,
  graph,
  onSave,
  onCancel,
  random = Math.random,
  now,
}: GraphEditorDialogProps) {
  const { t } = useLingui();
  const editable = graph === null || isEditable(graph.type);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={graph ? t`Edit graph` : t`New graph`}
    >
      {editable ? (
        <Suspense fallback={<Loading label={<Trans>Loading editor…</Trans>} />}>
          <GraphEditorForm.Component
            key={graph?.id ?? 'new'}
            graph={graph}
            onSave={onSave}
            onCancel={onCancel}
            random={random}
            {...(now ? { now } : {})}
          />
        </Suspense>
      ) : (
        <>
          <p>
            <Trans>Maps cannot be changed here yet.</Trans>
          </p>
          <DialogActions>
            <Button type="button" onClick={onCancel}>
              <Trans>Close</Trans>
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
