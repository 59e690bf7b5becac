import { Trans, useLingui } from '@lingui/react/macro';
import { LayoutDashboard } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { Dashboard, GraphPeriod } from '../../../../contracts/dashboard.ts';
import { dashboardListQuery } from '../../../api/dashboards/queries.ts';
import { lazyLater, usePreloadWhenIdle } from '../../../lib/lazy-later.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { useSettings } from '../../../lib/use-settings.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { DeleteDialog } from '../../../ui/list/delete-dialog.tsx';
import { Empty, ErrorState, Loading } from '../../../ui/status.tsx';
import { dashboardFileName, dashboardFileOf, downloadFile } from '../components/dashboard-file.ts';
import DashboardGrid from '../components/dashboard-grid.tsx';
import type { DashboardSearch } from '../components/dashboard-search.ts';
import { GraphEditorDialog, GraphEditorForm } from '../editor/graph-editor-dialog.tsx';
import { DrawnDataProvider, useReadDrawn } from '../graphs/drawn-data.tsx';
import { GraphExportDialog } from '../graphs/graph-view.tsx';
import { CustomDateForm } from '../period/custom-date-dialog.tsx';
import { EditToolbar, ImportButton, ViewToolbar } from './dashboard-toolbar.tsx';
import { DashboardsIntro, Description, Heading, Section } from './dashboards-section.tsx';
import { periodOfSearch, searchOfPeriod } from './search-period.ts';
import { useDashboards } from './use-dashboards.ts';

// Shown only when asked for, so loaded apart from the page (with the form library and the
// archive writer they use) once it has been drawn.
const DashboardDetailsDialog = lazyLater(
  () => import('../components/dashboard-details-dialog.tsx'),
  (module) => module.DashboardDetailsDialog,
);
const exporter = () => import('../graphs/export.ts');

export interface DashboardsPageProps {
  search: DashboardSearch;
  /** Writes the page's state into the URL (replacing the entry). */
  onSearch: (search: DashboardSearch) => void;
  /** Called once the dashboards have loaded (or failed to): the page has its height. */
  onSettled?: () => void;
}

/**
 * The user's dashboards (spec §4 Dashboards): pick one, view its graphs (a
 * period for all of them is the URL's), or edit it (add, edit, move, resize,
 * remove graphs, rename) and save; create, import, export and delete; open it
 * as a wall display.
 */
export default function DashboardsPage(props: DashboardsPageProps) {
  return (
    <DrawnDataProvider>
      <Dashboards {...props} />
    </DrawnDataProvider>
  );
}

function Dashboards({ search, onSearch, onSettled }: DashboardsPageProps) {
  const { t } = useLingui();
  const notify = useNotify();
  const { settings } = useSettings();
  const readDrawn = useReadDrawn();
  const queryClient = useQueryClient();
  const { actor, snapshot } = useDashboards(search.board);
  const { dashboards, currentId, draft, dirty, graphEditor, error } = snapshot.context;
  const current = dashboards.find((d) => d.id === currentId);
  const [detailsOpen, setDetailsOpen] = useState<'new' | 'edit' | null>(null);
  const period = useMemo(() => periodOfSearch(search), [search]);

  // The URL names the dashboard shown: a change of the URL selects, a choice of the machine's is written back.
  const seen = useRef({ board: search.board, current: currentId });
  useEffect(() => {
    const was = seen.current;
    seen.current = { board: search.board, current: currentId };
    if (search.board !== was.board && search.board && search.board !== currentId)
      actor.send({ type: 'dashboard.select', id: search.board });
    else if (
      currentId !== was.current &&
      currentId &&
      currentId !== search.board &&
      // The first dashboard needs no name in the URL until the user chose another.
      (search.board !== undefined || currentId !== dashboards[0]?.id)
    )
      onSearch({ ...search, board: currentId });
  }, [actor, search, currentId, dashboards, onSearch]);

  const loading = snapshot.matches('loading');
  usePreloadWhenIdle(
    !loading,
    GraphEditorForm.preload,
    DashboardDetailsDialog.preload,
    GraphExportDialog.preload,
    CustomDateForm.preload,
    exporter,
  );
  useEffect(() => {
    if (!loading) onSettled?.();
  }, [loading, onSettled]);

  const editing = snapshot.matches('editing');
  const busy =
    snapshot.matches('creating') || snapshot.matches('importing') || snapshot.matches('deleting');

  if (loading) {
    // A list read already (the route's loader) shows as the dashboard home's first screen did.
    const known = queryClient.getQueryData(dashboardListQuery().queryKey);
    return known && known.length > 0 ? (
      <DashboardsIntro dashboards={known} search={search} liveData={settings.nordlysLiveData} />
    ) : (
      <Section>
        <Loading label={<Trans>Loading dashboards…</Trans>} />
      </Section>
    );
  }
  if (snapshot.matches('failed'))
    return (
      <Section>
        <ErrorState
          message={<Trans>Dashboards could not be loaded: {error}</Trans>}
          onRetry={() => actor.send({ type: 'dashboard.reload' })}
        />
      </Section>
    );

  const shown: Pick<Dashboard, 'name' | 'graphs' | 'description'> | undefined =
    editing && draft ? draft : current;
  const editingGraph =
    graphEditor === null || graphEditor === 'new'
      ? null
      : (draft?.graphs.find((g) => g.id === graphEditor) ?? null);

  return (
    <Section aria-labelledby="dashboards-heading">
      <Heading id="dashboards-heading">
        <LayoutDashboard size={20} aria-hidden />
        {editing && draft ? <Trans>Editing {draft.name}</Trans> : <Trans>Dashboards</Trans>}
      </Heading>
      {editing && draft ? (
        <EditToolbar
          name={draft.name}
          dirty={dirty}
          saving={snapshot.matches({ editing: 'saving' })}
          onAdd={() => actor.send({ type: 'graph.add' })}
          onDetails={() => setDetailsOpen('edit')}
          onSave={() => actor.send({ type: 'dashboard.save' })}
          onClose={() => actor.send({ type: 'dashboard.close' })}
        />
      ) : (
        <ViewToolbar
          dashboards={dashboards}
          current={current}
          period={period}
          liveData={settings.nordlysLiveData}
          busy={busy}
          onSelect={(id) => actor.send({ type: 'dashboard.select', id })}
          onPeriod={(next: GraphPeriod | undefined) =>
            onSearch({ ...search, ...searchOfPeriod(next) })
          }
          onCreate={() => setDetailsOpen('new')}
          onImport={(file) => actor.send({ type: 'dashboard.import', file })}
          onImportProblem={(message) => notify(message, 'error')}
          onEdit={() => actor.send({ type: 'dashboard.edit' })}
          onExportFile={() => {
            if (!current) return;
            const now = new Date();
            downloadFile(
              dashboardFileName(current.name, now),
              JSON.stringify(dashboardFileOf(current, now), null, 2),
              'application/json',
            );
            notify(t`Dashboard exported`, 'success');
          }}
          onExportData={() => {
            if (!current) return;
            const drawn = readDrawn();
            if (drawn.size === 0) {
              notify(t`There is currently no data available!`, 'info');
              return;
            }
            exporter().then(
              ({ dashboardArchive, dashboardArchiveName, downloadBytes }) => {
                downloadBytes(
                  dashboardArchive(current, drawn),
                  dashboardArchiveName(current),
                  'application/zip',
                );
                notify(t`Data exported`, 'success');
              },
              () => notify(t`The export could not be loaded. Check the connection.`, 'error'),
            );
          }}
          onDelete={() => actor.send({ type: 'dashboard.delete' })}
          onKiosk={() => onSearch({ ...search, kiosk: true })}
        />
      )}
      {shown?.description ? <Description>{shown.description}</Description> : null}
      {!current ? (
        <Empty>
          <p>
            <Trans>
              You have no dashboards yet. A dashboard holds live graphs of your devices.
            </Trans>
          </p>
          <Button type="button" onClick={() => setDetailsOpen('new')}>
            <Trans>Create a dashboard</Trans>
          </Button>{' '}
          <ImportButton
            onFile={(file) => actor.send({ type: 'dashboard.import', file })}
            onProblem={(message) => notify(message, 'error')}
          />
        </Empty>
      ) : shown && shown.graphs.length === 0 ? (
        <Empty>
          <p>
            <Trans>This dashboard has no graphs yet.</Trans>
          </p>
          <Button
            type="button"
            onClick={() =>
              editing ? actor.send({ type: 'graph.add' }) : actor.send({ type: 'dashboard.edit' })
            }
          >
            {editing ? <Trans>Add graph</Trans> : <Trans>Edit</Trans>}
          </Button>
        </Empty>
      ) : shown ? (
        <DashboardGrid
          // A grid of its own per dashboard: the grid keeps its layout in state, a render behind.
          key={currentId ?? 'draft'}
          graphs={shown.graphs}
          editing={editing}
          period={editing ? undefined : period}
          onLayoutChange={(layout) => actor.send({ type: 'layout.change', layout })}
          onEditGraph={(id) => actor.send({ type: 'graph.edit', id })}
          onRemoveGraph={(id) => actor.send({ type: 'graph.remove', id })}
        />
      ) : null}

      {/* Mounted while open only: its form costs the page's first render otherwise. */}
      {detailsOpen !== null ? (
        <Suspense fallback={null}>
          <DashboardDetailsDialog.Component
            open
            initial={detailsOpen === 'edit' && draft ? draft : undefined}
            busy={busy}
            onCancel={() => setDetailsOpen(null)}
            onSubmit={(details) => {
              setDetailsOpen(null);
              if (detailsOpen === 'edit') actor.send({ type: 'details.change', details });
              else actor.send({ type: 'dashboard.create', details });
            }}
          />
        </Suspense>
      ) : null}
      <GraphEditorDialog
        open={snapshot.matches({ editing: 'graphEditor' })}
        graph={editingGraph}
        onSave={(graph) => actor.send({ type: 'graph.save', graph })}
        onCancel={() => actor.send({ type: 'graph.cancel' })}
      />
      <Dialog
        open={snapshot.matches({ editing: 'confirmingDiscard' })}
        onOpenChange={(open) => !open && actor.send({ type: 'discard.cancel' })}
        title={<Trans>Discard your changes?</Trans>}
        description={<Trans>The changes to this dashboard have not been saved.</Trans>}
      >
        <DialogActions>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => actor.send({ type: 'discard.cancel' })}
          >
            <Trans>Keep editing</Trans>
          </Button>
          <Button
            type="button"
            $variant="danger"
            onClick={() => actor.send({ type: 'discard.confirm' })}
          >
            <Trans>Discard</Trans>
          </Button>
        </DialogActions>
      </Dialog>
      <DeleteDialog
        open={snapshot.matches('confirmingDelete') || snapshot.matches('deleting')}
        items={current ? [current.name] : []}
        busy={snapshot.matches('deleting')}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
      />
    </Section>
  );
}
