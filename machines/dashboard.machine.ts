import {
  assign,
  emit,
  fromPromise,
  setup,
  type DoneActorEvent,
  type ErrorActorEvent,
} from 'xstate';
import type {
  Dashboard,
  DashboardCreate,
  DashboardFile,
  DashboardUpdate,
  Graph,
} from '../contracts/dashboard.ts';
import {
  applyLayout,
  needsRepair,
  placeNewGraph,
  regridForType,
  repairDashboard,
  type LayoutItem,
} from './dashboard-layout.ts';

/**
 * The user's dashboards (spec §4 Dashboards): viewing one of them, or editing
 * a draft of it (add, edit and remove graphs, move and resize them, rename),
 * saved whole with the version it was read at. Old dashboards whose graphs
 * lack a grid are repaired and saved when they load. Closing the editor with
 * unsaved changes asks first; a snackbar tells saved, deleted, imported,
 * created and repaired.
 */

/** What the snackbar says (the UI words it in the user's language). */
export type DashboardNotice =
  | 'saved'
  | 'deleted'
  | 'imported'
  | 'created'
  | 'repaired'
  | 'conflict'
  | 'loadFailed'
  | 'saveFailed'
  | 'deleteFailed'
  | 'createFailed';

/** A dashboard's own fields, as the details dialog changes them. */
export interface DashboardDetails {
  name: string;
  color: string;
  description: string | null;
}

export interface DashboardDraft extends DashboardDetails {
  graphs: Graph[];
}

export interface DashboardContext {
  dashboards: Dashboard[];
  /** The dashboard shown (and edited); null while there is none. */
  currentId: string | null;
  /** The edited copy, while editing. */
  draft: DashboardDraft | null;
  /** Whether the draft differs from what is stored. */
  dirty: boolean;
  /** The graph open in the graph editor: an id, 'new' for a new one, or null. */
  graphEditor: string | null;
  /** Why the last load or write failed (the server's message). */
  error: string | null;
}

export interface DashboardInput {
  /** The dashboard to show first (the URL's); the first one when absent or unknown. */
  currentId?: string | null;
}

export type DashboardEvent =
  | { type: 'dashboard.select'; id: string }
  | { type: 'dashboard.create'; details: DashboardDetails }
  | { type: 'dashboard.import'; file: DashboardFile }
  | { type: 'dashboard.edit' }
  | { type: 'dashboard.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'dashboard.reload' }
  | { type: 'details.change'; details: DashboardDetails }
  | { type: 'graph.add' }
  | { type: 'graph.edit'; id: string }
  | { type: 'graph.save'; graph: Graph }
  | { type: 'graph.cancel' }
  | { type: 'graph.remove'; id: string }
  | { type: 'layout.change'; layout: readonly LayoutItem[] }
  | { type: 'dashboard.save' }
  | { type: 'dashboard.close' }
  | { type: 'discard.confirm' }
  | { type: 'discard.cancel' };

export interface SaveInput {
  id: string;
  body: DashboardUpdate;
}

/** A save refused because the stored version moved on; `current` is what is stored. */
export interface ConflictLike {
  current: Dashboard;
}

const isConflict = (error: unknown): error is ConflictLike =>
  typeof error === 'object' &&
  error !== null &&
  'current' in error &&
  typeof (error as { current: unknown }).current === 'object';

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Error';

/** The body that saves `dashboard` as it is now, from the version it was read at. */
export const updateOf = (dashboard: Dashboard, draft?: DashboardDraft): DashboardUpdate => {
  const source = draft ?? dashboard;
  return {
    name: source.name,
    color: source.color,
    description: source.description,
    graphs: source.graphs,
    version: dashboard.version,
  };
};

const currentOf = (context: DashboardContext): Dashboard | undefined =>
  context.dashboards.find((d) => d.id === context.currentId);

const replaceIn = (dashboards: readonly Dashboard[], saved: Dashboard): Dashboard[] =>
  dashboards.some((d) => d.id === saved.id)
    ? dashboards.map((d) => (d.id === saved.id ? saved : d))
    : [...dashboards, saved];

/** A graph saved from the editor, put in the draft: a new one placed after the others, a changed one kept in its place. */
export function withGraph(graphs: readonly Graph[], graph: Graph): Graph[] {
  const index = graphs.findIndex((g) => g.id === graph.id);
  if (index < 0)
    return [...graphs, { ...graph, grid: placeNewGraph(graphs, graph.type, graph.id) }];
  const before = graphs[index];
  const grid =
    before?.grid === undefined
      ? placeNewGraph(graphs, graph.type, graph.id)
      : before.type === graph.type
        ? before.grid
        : regridForType(before.grid, graph.type);
  return graphs.map((g, i) => (i === index ? { ...graph, grid } : g));
}

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
    emitted: {} as { type: 'notice'; notice: DashboardNotice },
  },
  actors: {
    loadDashboards: fromPromise<Dashboard[]>(() => Promise.reject(new Error('not provided'))),
    createDashboard: fromPromise<Dashboard, DashboardCreate>(() =>
      Promise.reject(new Error('not provided')),
    ),
    saveDashboard: fromPromise<Dashboard, SaveInput>(() =>
      Promise.reject(new Error('not provided')),
    ),
    deleteDashboard: fromPromise<unknown, string>(() => Promise.reject(new Error('not provided'))),
    /** Saves every repaired dashboard; answers them as stored. */
    repairDashboards: fromPromise<Dashboard[], Dashboard[]>(() =>
      Promise.reject(new Error('not provided')),
    ),
  },
  actions: {
    /** Tells the user (a snackbar): emitted as a `notice` for whoever shows it. */
    notify: emit((_, params: { notice: DashboardNotice }) => ({
      type: 'notice' as const,
      notice: params.notice,
    })),
    setDashboards: assign(({ context }, params: { dashboards: Dashboard[] }) => ({
      dashboards: params.dashboards,
      currentId: params.dashboards.some((d) => d.id === context.currentId)
        ? context.currentId
        : (params.dashboards[0]?.id ?? null),
      error: null,
    })),
    addDashboard: assign(({ context }, params: { dashboard: Dashboard }) => ({
      dashboards: replaceIn(context.dashboards, params.dashboard),
      currentId: params.dashboard.id,
      error: null,
    })),
    storeSaved: assign(({ context }, params: { dashboard: Dashboard }) => ({
      dashboards: replaceIn(context.dashboards, params.dashboard),
      draft: null,
      dirty: false,
      error: null,
    })),
    dropCurrent: assign(({ context }) => {
      const dashboards = context.dashboards.filter((d) => d.id !== context.currentId);
      return { dashboards, currentId: dashboards[0]?.id ?? null, error: null };
    }),
    select: assign((_, params: { id: string }) => ({ currentId: params.id })),
    startDraft: assign(({ context }) => {
      const current = currentOf(context);
      return {
        draft: current
          ? {
              name: current.name,
              color: current.color,
              description: current.description,
              graphs: current.graphs,
            }
          : null,
        dirty: false,
        graphEditor: null,
        error: null,
      };
    }),
    dropDraft: assign({ draft: null, dirty: false, graphEditor: null, error: null }),
    changeDraft: assign(
      ({ context }, params: { change: (draft: DashboardDraft) => DashboardDraft }) =>
        context.draft ? { draft: params.change(context.draft), dirty: true } : {},
    ),
    openGraphEditor: assign((_, params: { id: string }) => ({ graphEditor: params.id })),
    closeGraphEditor: assign({ graphEditor: null }),
    /** A stale save: the stored dashboard replaces the one read; the draft stays to save again. */
    takeConflict: assign(({ context }, params: { current: Dashboard }) => ({
      dashboards: replaceIn(context.dashboards, params.current),
      error: 'conflict',
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
  guards: {
    hasCurrent: ({ context }) => currentOf(context) !== undefined,
    knows: ({ context }, params: { id: string }) =>
      context.dashboards.some((d) => d.id === params.id),
    dirty: ({ context }) => context.dirty,
    isConflict: (_, params: { error: unknown }) => isConflict(params.error),
    needsRepair: (_, params: { dashboards: Dashboard[] }) =>
      params.dashboards.some((d) => needsRepair(d)),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({
    dashboards: [],
    currentId: input.currentId ?? null,
    draft: null,
    dirty: false,
    graphEditor: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadDashboards',
        onDone: [
          {
            guard: {
              type: 'needsRepair',
              params: ({ event }: { event: DoneActorEvent<Dashboard[]> }) => ({
                dashboards: event.output,
              }),
            },
            target: 'repairing',
            actions: {
              type: 'setDashboards',
              params: ({ event }: { event: DoneActorEvent<Dashboard[]> }) => ({
                dashboards: event.output,
              }),
            },
          },
          {
            target: 'viewing',
            actions: {
              type: 'setDashboards',
              params: ({ event }: { event: DoneActorEvent<Dashboard[]> }) => ({
                dashboards: event.output,
              }),
            },
          },
        ],
        onError: {
          target: 'failed',
          actions: [
            {
              type: 'setError',
              params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }),
            },
            { type: 'notify', params: { notice: 'loadFailed' } },
          ],
        },
      },
    },
    failed: {
      on: { 'dashboard.reload': 'loading' },
    },
    repairing: {
      invoke: {
        src: 'repairDashboards',
        input: ({ context }) =>
          context.dashboards.filter((d) => needsRepair(d)).map((d) => repairDashboard(d)),
        onDone: {
          target: 'viewing',
          actions: [
            assign(({ context, event }) => ({
              dashboards: event.output.reduce(replaceIn, context.dashboards),
            })),
            { type: 'notify', params: { notice: 'repaired' } },
          ],
        },
        // Shown repaired all the same; the next load tries the save again.
        onError: {
          target: 'viewing',
          actions: assign(({ context }) => ({
            dashboards: context.dashboards.map((d) => repairDashboard(d)),
          })),
        },
      },
    },
    viewing: {
      on: {
        'dashboard.select': {
          guard: { type: 'knows', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
        },
        'dashboard.create': 'creating',
        'dashboard.import': 'importing',
        'dashboard.edit': { guard: 'hasCurrent', target: 'editing', actions: 'startDraft' },
        'dashboard.delete': { guard: 'hasCurrent', target: 'confirmingDelete' },
        'dashboard.reload': 'loading',
      },
    },
    creating: {
      invoke: {
        src: 'createDashboard',
        input: ({ event }) => {
          if (event.type !== 'dashboard.create') throw new Error(`Unexpected ${event.type}`);
          return { ...event.details, graphs: [] };
        },
        onDone: {
          // A new dashboard is empty: straight into editing it.
          target: 'editing',
          actions: [
            { type: 'addDashboard', params: ({ event }) => ({ dashboard: event.output }) },
            'startDraft',
            { type: 'notify', params: { notice: 'created' } },
          ],
        },
        onError: {
          target: 'viewing',
          actions: [
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: { notice: 'createFailed' } },
          ],
        },
      },
    },
    importing: {
      invoke: {
        src: 'createDashboard',
        input: ({ event }) => {
          if (event.type !== 'dashboard.import') throw new Error(`Unexpected ${event.type}`);
          const { name, color, description, graphs } = event.file.dashboard;
          // A new id, so an import never overwrites a dashboard; graphs without a grid are placed.
          return repairDashboard({ name, color, description, graphs });
        },
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'addDashboard', params: ({ event }) => ({ dashboard: event.output }) },
            { type: 'notify', params: { notice: 'imported' } },
          ],
        },
        onError: {
          target: 'viewing',
          actions: [
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: { notice: 'createFailed' } },
          ],
        },
      },
    },
    confirmingDelete: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': 'viewing' },
    },
    deleting: {
      invoke: {
        src: 'deleteDashboard',
        input: ({ context }) => context.currentId ?? '',
        onDone: {
          target: 'viewing',
          actions: ['dropCurrent', { type: 'notify', params: { notice: 'deleted' } }],
        },
        onError: {
          target: 'viewing',
          actions: [
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: { notice: 'deleteFailed' } },
          ],
        },
      },
    },
    editing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'graph.add': {
              target: 'graphEditor',
              actions: { type: 'openGraphEditor', params: { id: 'new' } },
            },
            'graph.edit': {
              target: 'graphEditor',
              actions: { type: 'openGraphEditor', params: ({ event }) => ({ id: event.id }) },
            },
            'graph.remove': {
              actions: {
                type: 'changeDraft',
                params: ({ event }) => ({
                  change: (draft: DashboardDraft) => ({
                    ...draft,
                    graphs: draft.graphs.filter((g) => g.id !== event.id),
                  }),
                }),
              },
            },
            'layout.change': {
              actions: {
                type: 'changeDraft',
                params: ({ event }) => ({
                  change: (draft: DashboardDraft) => ({
                    ...draft,
                    graphs: applyLayout(draft.graphs, event.layout),
                  }),
                }),
              },
            },
            'details.change': {
              actions: {
                type: 'changeDraft',
                params: ({ event }) => ({
                  change: (draft: DashboardDraft) => ({ ...draft, ...event.details }),
                }),
              },
            },
            'dashboard.save': 'saving',
            'dashboard.close': [
              { guard: 'dirty', target: 'confirmingDiscard' },
              { target: '#dashboard.viewing', actions: 'dropDraft' },
            ],
          },
        },
        graphEditor: {
          on: {
            'graph.save': {
              target: 'idle',
              actions: [
                {
                  type: 'changeDraft',
                  params: ({ event }) => ({
                    change: (draft: DashboardDraft) => ({
                      ...draft,
                      graphs: withGraph(draft.graphs, event.graph),
                    }),
                  }),
                },
                'closeGraphEditor',
              ],
            },
            'graph.cancel': { target: 'idle', actions: 'closeGraphEditor' },
          },
        },
        confirmingDiscard: {
          on: {
            'discard.confirm': { target: '#dashboard.viewing', actions: 'dropDraft' },
            'discard.cancel': 'idle',
          },
        },
        saving: {
          invoke: {
            src: 'saveDashboard',
            input: ({ context }) => {
              const current = currentOf(context);
              if (!current || !context.draft) throw new Error('Nothing to save');
              return { id: current.id, body: updateOf(current, context.draft) };
            },
            onDone: {
              target: '#dashboard.viewing',
              actions: [
                { type: 'storeSaved', params: ({ event }) => ({ dashboard: event.output }) },
                { type: 'notify', params: { notice: 'saved' } },
              ],
            },
            onError: [
              {
                guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: [
                  {
                    type: 'takeConflict',
                    params: ({ event }) => ({
                      current: (event.error as ConflictLike).current,
                    }),
                  },
                  { type: 'notify', params: { notice: 'conflict' } },
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'notify', params: { notice: 'saveFailed' } },
                ],
              },
            ],
          },
        },
      },
    },
  },
});

export type DashboardMachine = typeof dashboardMachine;
