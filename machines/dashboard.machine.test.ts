import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  DASHBOARD_FILE_FORMAT,
  type Dashboard,
  type DashboardCreate,
  type Graph,
} from '../contracts/dashboard.ts';
import { newGraph } from './dashboard-layout.ts';
import {
  dashboardMachine,
  withGraph,
  type DashboardNotice,
  type SaveInput,
} from './dashboard.machine.ts';

const OWNER = '00000000-0000-4000-8000-000000000001';
const ORG = '00000000-0000-4000-8000-000000000002';

/** A sequence of "random" numbers, so graph ids are known. */
const randomOf = (seed: number) => {
  let n = seed;
  return () => {
    n = (n * 9301 + 49297) % 233280;
    return n / 233280;
  };
};

function dashboard(id: string, graphs: Graph[] = [], version = 1): Dashboard {
  return {
    id,
    name: id,
    color: 'teal',
    description: null,
    graphs,
    ownerUuid: OWNER,
    orgUuid: ORG,
    version,
    created: '2026-11-01T00:00:00.000Z',
    modified: '2026-11-01T00:00:00.000Z',
  };
}

function placedChart(id: string, x = 0, y = 0): Graph {
  const graph = newGraph(0, randomOf(1), id);
  return { ...graph, id, grid: { i: id, x, y, w: 6, h: 12, minW: 4, minH: 12 } };
}

/** The machine with a server held in memory: what it stored and what the user was told. */
function start(stored: Dashboard[], options: { currentId?: string; saveError?: unknown } = {}) {
  const server = new Map(stored.map((d) => [d.id, d]));
  const notices: DashboardNotice[] = [];
  const saves: SaveInput[] = [];
  const creates: DashboardCreate[] = [];
  let created = 0;
  const machine = dashboardMachine.provide({
    actors: {
      loadDashboards: fromPromise(async () => [...server.values()]),
      createDashboard: fromPromise<Dashboard, DashboardCreate>(async ({ input }) => {
        creates.push(input);
        const made = {
          ...dashboard(`new-${++created}`),
          name: input.name ?? 'My Dashboard',
          graphs: input.graphs ?? [],
        };
        server.set(made.id, made);
        return made;
      }),
      saveDashboard: fromPromise<Dashboard, SaveInput>(async ({ input }) => {
        saves.push(input);
        if (options.saveError !== undefined) throw options.saveError;
        const before = server.get(input.id);
        if (!before) throw new Error('Not found');
        const { version: _version, ...fields } = input.body;
        const saved = { ...before, ...fields, version: before.version + 1 };
        server.set(saved.id, saved);
        return saved;
      }),
      deleteDashboard: fromPromise<unknown, string>(async ({ input }) => server.delete(input)),
      repairDashboards: fromPromise<Dashboard[], Dashboard[]>(async ({ input }) =>
        input.map((d) => {
          const saved = { ...d, version: d.version + 1 };
          server.set(saved.id, saved);
          return saved;
        }),
      ),
    },
  });
  const actor = createActor(machine, { input: { currentId: options.currentId ?? null } });
  actor.on('notice', (event) => notices.push(event.notice));
  actor.start();
  const settled = () =>
    waitFor(
      actor,
      (s) =>
        (['viewing', 'failed', 'confirmingDelete'] as const).some((v) => s.matches(v)) ||
        s.matches({ editing: 'idle' }) ||
        s.matches({ editing: 'confirmingDiscard' }),
    );
  return {
    actor,
    server,
    notices,
    saves,
    creates,
    settled,
    context: () => actor.getSnapshot().context,
  };
}

describe('dashboardMachine: loading, choosing and repairing', () => {
  it('loads the dashboards and shows the URL’s one, or the first when the URL names none it has', async () => {
    const named = start([dashboard('a'), dashboard('b')], { currentId: 'b' });
    await named.settled();
    expect(named.actor.getSnapshot().value).toBe('viewing');
    expect(named.context().currentId).toBe('b');

    const unknown = start([dashboard('a'), dashboard('b')], { currentId: 'gone' });
    await unknown.settled();
    expect(unknown.context().currentId).toBe('a');
    unknown.actor.send({ type: 'dashboard.select', id: 'b' });
    expect(unknown.context().currentId).toBe('b');
    unknown.actor.send({ type: 'dashboard.select', id: 'nope' });
    expect(unknown.context().currentId).toBe('b');
  });

  it('has no current dashboard when the user has none, and refuses to edit or delete nothing', async () => {
    const { actor, settled, context } = start([]);
    await settled();
    expect(context().currentId).toBeNull();
    actor.send({ type: 'dashboard.edit' });
    actor.send({ type: 'dashboard.delete' });
    expect(actor.getSnapshot().value).toBe('viewing');
  });

  it('repairs old dashboards whose graphs lack a grid, saves them and says so once', async () => {
    const old = newGraph(1, randomOf(2), 'Gauge');
    const oldChart = newGraph(0, randomOf(3), 'Chart');
    const { server, notices, settled, context } = start([
      dashboard('old', [old, oldChart]),
      dashboard('fine', [placedChart('c1')]),
    ]);
    await settled();
    expect(notices).toEqual(['repaired']);
    const repaired = context().dashboards.find((d) => d.id === 'old');
    expect(repaired?.graphs.map((g) => g.grid)).toEqual([
      { i: old.id, x: 0, y: 0, w: 6, h: 12 },
      { i: oldChart.id, x: 6, y: 0, w: 6, h: 12, minW: 4, minH: 12 },
    ]);
    expect(server.get('old')?.version).toBe(2);
    expect(server.get('fine')?.version).toBe(1);
  });

  it('does not repair or tell anything when every graph has its grid', async () => {
    const { notices, settled } = start([dashboard('fine', [placedChart('c1')])]);
    await settled();
    expect(notices).toEqual([]);
  });

  it('shows a failed load and loads again on reload', async () => {
    let fail = true;
    const machine = dashboardMachine.provide({
      actors: {
        loadDashboards: fromPromise(async () => {
          if (fail) throw new Error('Network Error');
          return [dashboard('a')];
        }),
      },
    });
    const actor = createActor(machine, { input: {} });
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Network Error');
    fail = false;
    actor.send({ type: 'dashboard.reload' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(actor.getSnapshot().context.currentId).toBe('a');
  });
});

describe('dashboardMachine: editing a draft', () => {
  it('adds a graph 6 wide after the others, wrapping to a new row when it would pass 12 columns', async () => {
    const { actor, settled, context } = start([dashboard('a', [placedChart('c1', 0, 0)])]);
    await settled();
    actor.send({ type: 'dashboard.edit' });
    actor.send({ type: 'graph.add' });
    expect(actor.getSnapshot().matches({ editing: 'graphEditor' })).toBe(true);
    expect(context().graphEditor).toBe('new');
    const second = newGraph(1, randomOf(4), 'Gauge');
    actor.send({ type: 'graph.save', graph: second });
    expect(context().draft?.graphs[1]?.grid).toEqual({ i: second.id, x: 6, y: 0, w: 6, h: 12 });
    actor.send({ type: 'graph.add' });
    const third = newGraph(4, randomOf(5), 'Wind');
    actor.send({ type: 'graph.save', graph: third });
    expect(context().draft?.graphs[2]?.grid).toEqual({
      i: third.id,
      x: 0,
      y: 12,
      w: 6,
      h: 13,
      minW: 6,
      minH: 12,
    });
    expect(context().dirty).toBe(true);
    expect(context().graphEditor).toBeNull();
  });

  it('keeps an edited graph in its place, and grows it to a new type’s minimum', async () => {
    const small = { ...placedChart('g1', 2, 3), grid: { i: 'g1', x: 8, y: 3, w: 4, h: 12 } };
    const { actor, settled, context } = start([dashboard('a', [small])]);
    await settled();
    actor.send({ type: 'dashboard.edit' });
    actor.send({ type: 'graph.edit', id: 'g1' });
    expect(context().graphEditor).toBe('g1');
    const asWind = { ...newGraph(4, randomOf(6), 'Wind'), id: 'g1' };
    actor.send({ type: 'graph.save', graph: asWind });
    expect(context().draft?.graphs[0]?.grid).toEqual({
      i: 'g1',
      x: 6,
      y: 3,
      w: 6,
      h: 12,
      minW: 6,
      minH: 12,
    });
  });

  it('removes graphs and takes a moved layout, changing nothing stored until saved', async () => {
    const { actor, server, settled, context } = start([
      dashboard('a', [placedChart('g1', 0, 0), placedChart('g2', 6, 0)]),
    ]);
    await settled();
    actor.send({ type: 'dashboard.edit' });
    actor.send({
      type: 'layout.change',
      layout: [
        { i: 'g1', x: 6, y: 0, w: 6, h: 14 },
        { i: 'g2', x: 0, y: 0, w: 6, h: 12 },
      ],
    });
    actor.send({ type: 'graph.remove', id: 'g2' });
    expect(context().draft?.graphs.map((g) => [g.id, g.grid?.x, g.grid?.h])).toEqual([
      ['g1', 6, 14],
    ]);
    expect(server.get('a')?.graphs).toHaveLength(2);
  });

  it('saves the draft whole with the version it was read at, says saved and goes back to viewing', async () => {
    const { actor, server, saves, notices, settled, context } = start([
      dashboard('a', [placedChart('g1')], 4),
    ]);
    await settled();
    actor.send({ type: 'dashboard.edit' });
    actor.send({
      type: 'details.change',
      details: { name: 'Lobby', color: 'indigo', description: 'Front door' },
    });
    actor.send({ type: 'dashboard.save' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(saves[0]?.body).toMatchObject({ name: 'Lobby', color: 'indigo', version: 4 });
    expect(server.get('a')).toMatchObject({ name: 'Lobby', version: 5 });
    expect(context().dashboards[0]?.version).toBe(5);
    expect(context().draft).toBeNull();
    expect(notices).toEqual(['saved']);
  });

  it('closes an unchanged draft at once, but asks before discarding changes', async () => {
    const { actor, server, settled, context } = start([dashboard('a', [placedChart('g1')])]);
    await settled();
    actor.send({ type: 'dashboard.edit' });
    actor.send({ type: 'dashboard.close' });
    expect(actor.getSnapshot().value).toBe('viewing');

    actor.send({ type: 'dashboard.edit' });
    actor.send({ type: 'graph.remove', id: 'g1' });
    actor.send({ type: 'dashboard.close' });
    expect(actor.getSnapshot().matches({ editing: 'confirmingDiscard' })).toBe(true);
    actor.send({ type: 'discard.cancel' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(context().draft?.graphs).toHaveLength(0);
    actor.send({ type: 'dashboard.close' });
    actor.send({ type: 'discard.confirm' });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(context().draft).toBeNull();
    expect(server.get('a')?.graphs).toHaveLength(1);
    expect(context().dashboards[0]?.graphs).toHaveLength(1);
  });

  it('keeps the draft on a stale save, showing what is stored, and saves over it on the next save', async () => {
    const elsewhere = { ...dashboard('a', [], 7), name: 'Renamed in another tab' };
    const { actor, notices, settled, context } = start([dashboard('a', [], 6)], {
      saveError: Object.assign(new Error('conflict'), { current: elsewhere }),
    });
    await settled();
    actor.send({ type: 'dashboard.edit' });
    actor.send({ type: 'graph.add' });
    actor.send({ type: 'graph.save', graph: placedChart('mine') });
    actor.send({ type: 'dashboard.save' });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }) && s.context.error !== null);
    expect(notices).toEqual(['conflict']);
    expect(context().error).toBe('conflict');
    expect(context().dashboards[0]?.name).toBe('Renamed in another tab');
    expect(context().draft?.graphs.map((g) => g.id)).toEqual(['mine']);
  });

  it('keeps the draft when a save fails, with the reason', async () => {
    const { actor, notices, settled, context } = start([dashboard('a')], {
      saveError: new Error('Network Error'),
    });
    await settled();
    actor.send({ type: 'dashboard.edit' });
    actor.send({
      type: 'details.change',
      details: { name: 'X', color: 'teal', description: null },
    });
    actor.send({ type: 'dashboard.save' });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }) && s.context.error !== null);
    expect(context().error).toBe('Network Error');
    expect(context().draft?.name).toBe('X');
    expect(notices).toEqual(['saveFailed']);
  });
});

describe('dashboardMachine: create, import and delete', () => {
  it('creates a blank dashboard, shows it and opens it for editing', async () => {
    const { actor, creates, notices, settled, context } = start([dashboard('a')]);
    await settled();
    actor.send({
      type: 'dashboard.create',
      details: { name: 'Wall', color: 'teal', description: null },
    });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));
    expect(creates).toEqual([{ name: 'Wall', color: 'teal', description: null, graphs: [] }]);
    expect(context().currentId).toBe('new-1');
    expect(context().draft?.name).toBe('Wall');
    expect(notices).toEqual(['created']);
  });

  it('imports a file as a new dashboard, placing graphs that lack a grid', async () => {
    const { actor, creates, notices, settled, context } = start([dashboard('a')]);
    await settled();
    const old = newGraph(0, randomOf(8), 'Old chart');
    actor.send({
      type: 'dashboard.import',
      file: {
        format: DASHBOARD_FILE_FORMAT,
        version: 1,
        exported: '2026-11-20T10:00:00.000Z',
        dashboard: { id: 'a', name: 'Imported', color: 'teal', description: null, graphs: [old] },
      },
    });
    await waitFor(actor, (s) => s.matches('viewing') && s.context.currentId === 'new-1');
    expect(creates[0]).not.toHaveProperty('id');
    expect(creates[0]?.graphs?.[0]?.grid).toEqual({
      i: old.id,
      x: 0,
      y: 0,
      w: 6,
      h: 12,
      minW: 4,
      minH: 12,
    });
    expect(context().dashboards.map((d) => d.id)).toEqual(['a', 'new-1']);
    expect(notices).toEqual(['imported']);
  });

  it('deletes the shown dashboard only after a confirmation, then shows the next', async () => {
    const { actor, server, notices, settled, context } = start([dashboard('a'), dashboard('b')]);
    await settled();
    actor.send({ type: 'dashboard.delete' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'delete.cancel' });
    expect(server.has('a')).toBe(true);
    actor.send({ type: 'dashboard.delete' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(server.has('a')).toBe(false);
    expect(context().currentId).toBe('b');
    expect(notices).toEqual(['deleted']);
  });
});

describe('withGraph', () => {
  it('places a graph whose grid is missing in an existing draft', () => {
    const loose = newGraph(0, randomOf(9), 'Loose');
    const graphs = withGraph([loose], loose);
    expect(graphs[0]?.grid).toMatchObject({ i: loose.id, x: 0, y: 0, w: 6 });
  });
});
