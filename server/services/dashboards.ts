import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Actor } from '../access/access.ts';
import type { DB, JsonObject } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import {
  dashboardRepository,
  type DashboardRow,
  type DashboardValues,
} from '../repositories/dashboard-repository.ts';
import {
  ChartGraph,
  DASHBOARD_ID_MAX_LENGTH,
  DASHBOARDS_MAX,
  DEFAULT_DASHBOARD_COLOR,
  DEFAULT_DASHBOARD_NAME,
  DifferenceGraph,
  GaugeGraph,
  GRAPHS_MAX,
  graphTypes,
  idFromName,
  MapChartGraph,
  MapGraph,
  MultiChartGraph,
  ScoreGraph,
  WindGraph,
  type Dashboard,
  type DashboardCreate,
  type DashboardUpdate,
  type GraphTypeId,
} from '../../contracts/dashboard.ts';

/** Numbers in [0, 1) from the operating system's random source, for ids. */
export const secureRandom = (): number => randomInt(0, 2 ** 32) / 2 ** 32;

const ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

const notFound = () => new HttpError(404, 'Resource not found');

export function dashboardView(row: DashboardRow): Dashboard {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    description: row.description,
    graphs: row.graphs as Dashboard['graphs'],
    ownerUuid: row.owner_uuid,
    orgUuid: row.org_uuid,
    version: row.version,
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
  };
}

/** A dashboard as the spec's internal store holds it (spec §3 Dashboard). */
export function specDashboardView(row: DashboardRow): JsonObject {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    description: row.description,
    graphs: row.graphs,
  };
}

/** The answer to a save from a version that is no longer the stored one. */
export class DashboardConflictError extends HttpError {
  constructor(readonly current: Dashboard) {
    super(409, 'The dashboard was changed elsewhere since it was read');
    this.name = 'DashboardConflictError';
  }
}

const graphSchemas: Record<GraphTypeId, TSchema> = {
  [graphTypes.chart]: ChartGraph,
  [graphTypes.gauge]: GaugeGraph,
  [graphTypes.difference]: DifferenceGraph,
  [graphTypes.score]: ScoreGraph,
  [graphTypes.wind]: WindGraph,
  [graphTypes.map]: MapGraph,
  [graphTypes.multiChart]: MultiChartGraph,
  [graphTypes.mapChart]: MapChartGraph,
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const DEFAULT_PERIOD = { menuId: 3, timeType: 2, chartType: 3 };
const DEFAULT_SOURCE = { type: 0, deviceId: null, dataKey: null, cf: 1 };

/** A data source as spec clients send it, with the fields they may leave out filled in. */
function filledSource(source: unknown): unknown {
  return isObject(source) ? { ...DEFAULT_SOURCE, ...source } : source;
}

/**
 * A graph as spec clients send it: missing period type, refresh, period
 * fields and data source fields take the spec's defaults. A missing grid
 * stays missing (the console repairs such dashboards and saves them).
 */
export function filledGraph(graph: unknown): unknown {
  if (!isObject(graph)) return graph;
  const filled: Record<string, unknown> = {
    ...graph,
    name: graph.name ?? '',
    periodType: graph.periodType ?? 0,
    refresh: graph.refresh ?? 0,
    period: isObject(graph.period)
      ? { ...DEFAULT_PERIOD, ...graph.period }
      : (graph.period ?? DEFAULT_PERIOD),
    dataSource: graph.dataSource === undefined ? DEFAULT_SOURCE : filledSource(graph.dataSource),
  };
  if (filled.id === undefined || filled.id === null || filled.id === '') {
    filled.id = idFromName(typeof graph.name === 'string' ? graph.name : 'graph', secureRandom);
  }
  const sources = graph.dataSources;
  if (isObject(sources)) {
    filled.dataSources = { a: filledSource(sources.a), b: filledSource(sources.b) };
  } else if (Array.isArray(sources)) {
    filled.dataSources = sources.map(filledSource);
  }
  return filled;
}

/** Why a graph is refused, or null when it is a valid graph of its type. */
function graphProblem(graph: unknown): string | null {
  if (!isObject(graph)) return 'is not an object';
  const type = graph.type;
  if (typeof type !== 'number' || !(type in graphSchemas)) return 'has no known type (0 to 7)';
  const first = Value.Errors(graphSchemas[type as GraphTypeId], graph)[0];
  if (!first) return null;
  const where = first.instancePath ? first.instancePath.replaceAll('/', '.').slice(1) : 'it';
  const unknown =
    first.keyword === 'additionalProperties' && 'additionalProperties' in first.params
      ? (first.params.additionalProperties[0] ?? null)
      : null;
  return unknown
    ? `has an unknown field ${where === 'it' ? '' : `${where}.`}${unknown}`
    : `${where} ${first.message}`;
}

const label = (index: number, name: unknown) =>
  typeof name === 'string' && name ? `${index + 1} "${name.slice(0, 60)}"` : String(index + 1);

/**
 * A dashboard as the spec's internal store takes it, made whole and checked:
 * defaults for what spec clients leave out, then every graph against its
 * type. A problem is a 400 naming the dashboard and the graph.
 */
export function specDashboard(
  input: JsonObject,
  index: number,
): { id: string; values: DashboardValues } {
  const which = `Dashboard ${label(index, input.name)}`;
  const name = input.name ?? DEFAULT_DASHBOARD_NAME;
  if (typeof name !== 'string' || !/\S/.test(name) || name.length > 200)
    throw new HttpError(400, `${which}: the name must be 1 to 200 characters`);
  const color = input.color ?? DEFAULT_DASHBOARD_COLOR;
  if (typeof color !== 'string' || color.length > 40)
    throw new HttpError(400, `${which}: the colour must be a name or #rrggbb`);
  const description = input.description ?? null;
  if (description !== null && (typeof description !== 'string' || description.length > 2000))
    throw new HttpError(400, `${which}: the description must be text of at most 2000 characters`);
  const rawId = input.id;
  let id: string;
  if (rawId === undefined || rawId === null || rawId === '') id = idFromName(name, secureRandom);
  else if (
    typeof rawId === 'string' &&
    ID_PATTERN.test(rawId) &&
    rawId.length <= DASHBOARD_ID_MAX_LENGTH
  )
    id = rawId;
  else
    throw new HttpError(
      400,
      `${which}: the id must be lower-case letters, digits and dashes (at most ${DASHBOARD_ID_MAX_LENGTH})`,
    );
  const rawGraphs = input.graphs ?? [];
  if (!Array.isArray(rawGraphs)) throw new HttpError(400, `${which}: graphs must be a list`);
  if (rawGraphs.length > GRAPHS_MAX)
    throw new HttpError(400, `${which}: a dashboard holds at most ${GRAPHS_MAX} graphs`);
  const graphs = rawGraphs.map(filledGraph);
  graphs.forEach((graph, i) => {
    const problem = graphProblem(graph);
    if (problem) {
      const graphName = isObject(graph) ? graph.name : undefined;
      throw new HttpError(400, `${which}, graph ${label(i, graphName)}: ${problem}`);
    }
  });
  const known = new Set(['id', 'name', 'color', 'description', 'graphs']);
  const extra = Object.keys(input).find((key) => !known.has(key));
  if (extra !== undefined) throw new HttpError(400, `${which}: ${extra} is not a known field`);
  return { id, values: { name, color, description, graphs } };
}

/** JSON with sorted keys: jsonb does not keep the order keys were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const sameValues = (row: DashboardRow, values: DashboardValues) =>
  row.name === values.name &&
  row.color === values.color &&
  row.description === values.description &&
  canonical(row.graphs) === canonical(values.graphs);

/**
 * Replaces a user's dashboards with the spec-shaped list their internal store
 * was given: new ids are created, changed ones saved (their version grows),
 * unchanged ones left alone, missing ones deleted. Run it in the caller's
 * transaction, so nothing partial is written.
 */
export async function replaceSpecDashboards(
  db: Kysely<DB>,
  owner: string,
  dashboards: JsonObject[],
): Promise<void> {
  if (dashboards.length > DASHBOARDS_MAX)
    throw new HttpError(400, `A user may have at most ${DASHBOARDS_MAX} dashboards`);
  const wanted = dashboards.map(specDashboard);
  const seen = new Set<string>();
  for (const { id } of wanted) {
    if (seen.has(id)) throw new HttpError(400, `Two dashboards have the id ${id}`);
    seen.add(id);
  }
  const repo = dashboardRepository(db);
  const stored = new Map((await repo.list(owner)).map((row) => [row.id, row]));
  await repo.removeAllBut(owner, [...seen]);
  for (const { id, values } of wanted) {
    const row = stored.get(id);
    if (!row) await repo.create(owner, id, values);
    else if (!sameValues(row, values)) await repo.replace(owner, id, row.version, values);
  }
}

/** The user's store as read: its settings and favourites, and their dashboards in the spec's shape. */
export async function storeWithDashboards(
  db: Kysely<DB>,
  owner: string,
  internal: JsonObject,
): Promise<JsonObject> {
  const rows = await dashboardRepository(db).list(owner);
  const { dashboards: _kept, ...rest } = internal;
  return { ...rest, dashboards: rows.map(specDashboardView) };
}

/**
 * The rules of dashboards. They are a person's own: only the owner lists,
 * reads and writes them, whatever their group; anyone else's id is answered
 * as missing.
 */
export function dashboardService(fastify: FastifyInstance) {
  const repo = dashboardRepository(fastify.db);

  const load = async (actor: Actor, id: string) => {
    const row = await repo.get(actor.userUuid, id);
    if (!row) throw notFound();
    return row;
  };

  return {
    async list(actor: Actor): Promise<Dashboard[]> {
      return (await repo.list(actor.userUuid)).map(dashboardView);
    },

    async get(actor: Actor, id: string): Promise<Dashboard> {
      return dashboardView(await load(actor, id));
    },

    async create(actor: Actor, body: DashboardCreate): Promise<Dashboard> {
      if ((await repo.count(actor.userUuid)) >= DASHBOARDS_MAX)
        throw new HttpError(409, `You may have at most ${DASHBOARDS_MAX} dashboards`);
      const name = body.name?.trim() || DEFAULT_DASHBOARD_NAME;
      const values: DashboardValues = {
        name,
        color: body.color ?? DEFAULT_DASHBOARD_COLOR,
        description: body.description ?? null,
        graphs: body.graphs ?? [],
      };
      const row = await repo.create(
        actor.userUuid,
        body.id ?? idFromName(name, secureRandom),
        values,
      );
      if (!row) throw new HttpError(409, 'You already have a dashboard with this id');
      return dashboardView(row);
    },

    /** Saves a dashboard read at `body.version`; a stale version is a conflict holding the stored one. */
    async replace(actor: Actor, id: string, body: DashboardUpdate): Promise<Dashboard> {
      const { version, ...rest } = body;
      const row = await repo.replace(actor.userUuid, id, version, {
        ...rest,
        name: rest.name.trim(),
      });
      if (row) return dashboardView(row);
      throw new DashboardConflictError(dashboardView(await load(actor, id)));
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if (!(await repo.remove(actor.userUuid, id))) throw notFound();
    },
  };
}
