import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Helpers the list repositories share: sorting, paging, scope and search patterns. */

export type SortDirection = 'asc' | 'desc';

/** How one sortable field is ordered. Nullable ones put empty values last both ways. */
export interface SortSpec {
  expression: RawBuilder<unknown>;
  nullable?: boolean;
}

export interface Sort<K extends string> {
  key: K;
  direction: SortDirection;
}

/** 'name' or '-created' → {key, direction}; a field not in `specs` falls back to `fallback`. */
export function parseSort<K extends string>(
  value: string | undefined,
  specs: Record<K, SortSpec>,
  fallback: K,
): Sort<K> {
  const descending = value?.startsWith('-') ?? false;
  const key = descending ? value?.slice(1) : value;
  if (key !== undefined && Object.hasOwn(specs, key)) {
    return { key: key as K, direction: descending ? 'desc' : 'asc' };
  }
  return { key: fallback, direction: 'asc' };
}

/**
 * The ORDER BY of a page: the field, then the id in the same direction, so that
 * equal values keep one order and pages never overlap or skip a row. The id
 * follows the direction so that one index can be read forwards or backwards.
 */
export function orderBy(spec: SortSpec, direction: SortDirection, id: string): RawBuilder<unknown> {
  const nulls = spec.nullable ? sql` nulls last` : sql``;
  const dir = direction === 'desc' ? sql`desc` : sql`asc`;
  return sql`${spec.expression} ${dir}${nulls}, ${sql.ref(id)} ${dir}`;
}

/** A name as lists sort and search it: case-insensitive, the same order on every server (see 0003). */
export const nameKey = (column: string): RawBuilder<string> =>
  sql<string>`lower(${sql.ref(column)}) collate "C"`;

/** Escapes LIKE's wildcards, so a search for "50%_" looks for exactly that text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// The text is lowered by the database too, so both sides fold case the same way.

/** `nameKey(column) like '%text%'` for list searches (case-insensitive substring). */
export function contains(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${nameKey(column)} like lower(${`%${escapeLike(text)}%`})`;
}

/** `nameKey(column) like 'text%'`: a prefix match the name indexes answer as a range. */
export function startsWith(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${nameKey(column)} like lower(${`${escapeLike(text)}%`})`;
}

/** `column = any(orgs)`; one array parameter, so the statement text is the same for any scope. */
export function inOrgs(column: string, orgs: readonly string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} = any(${[...orgs]}::uuid[])`;
}

/**
 * The organisations a list looks in: the caller's scope (null: all), narrowed to
 * one organisation when the query asks for it. An organisation outside the scope
 * gives an empty list, as one without anything in it would.
 */
export function narrowScope(orgs: string[] | null, orgUuid: string | undefined): string[] | null {
  if (orgUuid === undefined) return orgs;
  if (orgs === null || orgs.includes(orgUuid)) return [orgUuid];
  return [];
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface PageOf<T> {
  rows: T[];
  total: number;
}

/** What a delete that refuses entities still in use found. */
export type DeleteOutcome = 'deleted' | 'in-use' | 'missing';

/** True for PostgreSQL's unique_violation, from node-postgres or PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}
