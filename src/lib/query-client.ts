import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  QueryClient,
  type Query,
} from '@tanstack/react-query';
import {
  persistQueryClientSave,
  removeOldestQuery,
  type PersistedClient,
  type PersistQueryClientProviderProps,
} from '@tanstack/react-query-persist-client';
import { ApiError } from './api-client.ts';

/** Where the console keeps its query cache between visits (spec §4 Lists: cache first, then refresh). */
export const CACHE_STORAGE_KEY = 'nordlys.cache';
const DAY = 24 * 60 * 60 * 1000;
/** Query keys that are never kept: who is signed in, and the runtime configuration. */
const NOT_PERSISTED = new Set(['auth', 'config', 'search']);

/**
 * Whether a failed read is tried again: once, when no answer came or the
 * server failed (5xx); never when the server answered that the request is
 * wrong (4xx: a 404 stays missing, a 403 stays refused), except for 408 and
 * 429, which ask to come back.
 */
export function retryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A query kept for a day survives in local storage; one older than 30 s is
      // shown at once and fetched again. Structural sharing keeps the previous
      // object when a fetch brings the same entity, so a detail view only
      // renders again when something changed (spec §4).
      queries: { staleTime: 30_000, gcTime: DAY, retry: retryRead, refetchOnWindowFocus: true },
    },
  });
}

export function shouldPersistQuery(query: Query): boolean {
  return (
    defaultShouldDehydrateQuery(query) &&
    !NOT_PERSISTED.has(String(query.queryKey[0])) &&
    query.meta?.persist !== false
  );
}

type PersistOptions = PersistQueryClientProviderProps['persistOptions'];

/** How long after a change of the cache it is written to storage, at the latest. */
const KEEP_THROTTLE_MS = 1000;

/** How the kept cache is written: the throttled persister's format and `keepWhenLeft`'s. */
const serializeKept = (client: PersistedClient): string => JSON.stringify(client);

/** Options for PersistQueryClientProvider: lists and details kept in local storage for a day. */
export function persistOptions(storage: Storage, buster: string): PersistOptions {
  const persister = createSyncStoragePersister({
    storage,
    key: CACHE_STORAGE_KEY,
    serialize: serializeKept,
    throttleTime: KEEP_THROTTLE_MS,
    retry: removeOldestQuery,
  });
  return {
    persister: {
      ...persister,
      restoreClient: async () => restoredAsStale(await persister.restoreClient()),
    },
    maxAge: DAY,
    buster,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
}

/**
 * What is read back from storage is of unknown age, however recent its
 * stamp: every query in it comes back invalidated, so the first read that
 * asks for one (a page's machine calling fetchQuery while the kept cache is
 * put back) fetches it, or waits for the fetch on its way, instead of taking
 * the kept copy as fresh. A dashboard saved a moment before a reload would
 * otherwise open as it was before the save.
 */
export function restoredAsStale(client: PersistedClient | undefined): PersistedClient | undefined {
  if (!client) return client;
  const queries = client.clientState.queries.map((query) => ({
    ...query,
    state: { ...query.state, isInvalidated: true },
  }));
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * Writes the cache to storage at once when the page is left (a reload, a
 * closed tab, a phone putting the browser away), with the same options as
 * the throttled persister of `persistOptions`. Changes are otherwise written
 * up to a second later, and a page left within that second would come back,
 * offline, with what it showed before them. The persister has no unthrottled
 * write to call (a `pagehide` handler must write before it returns), so the
 * client is put together here as `persistQueryClientSave` does.
 */
export function keepWhenLeft(
  queryClient: QueryClient,
  storage: Storage,
  options: PersistOptions,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const keep = () => {
    const persisted: PersistedClient = {
      buster: options.buster ?? '',
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, options.dehydrateOptions),
    };
    try {
      storage.setItem(CACHE_STORAGE_KEY, serializeKept(persisted));
    } catch {
      // Full or unavailable storage: the throttled writer's own retry makes room next time.
    }
  };
  target.addEventListener('pagehide', keep);
  return () => target.removeEventListener('pagehide', keep);
}

/**
 * Once the kept cache is read back, the cache is kept as it stands and the
 * restored part is refreshed. Keeping is otherwise done on each change of the
 * cache after that moment: reads this page finished while the cache was
 * being read back (the first page's loader runs before the console renders)
 * would not be kept until something else changed, and a reload offline would
 * find nothing of what was just shown.
 */
export async function afterRestore(
  queryClient: QueryClient,
  options: PersistOptions,
  openedAt: number = performance.timeOrigin,
): Promise<void> {
  await persistQueryClientSave({ ...options, queryClient });
  await refreshRestored(queryClient, openedAt);
}

/**
 * After the kept cache is read back (a reload, a new tab), its lists and
 * details are shown at once but are of unknown age (`restoredAsStale` has
 * already marked them so): the ones on screen are fetched again — cache
 * first, then refresh (spec §4 Lists). What this page has already read
 * itself since `openedAt`, or is reading now (a route's loader ran before
 * the cache was read back), is fresh or on its way and not asked for twice.
 */
export function refreshRestored(
  queryClient: QueryClient,
  openedAt: number = performance.timeOrigin,
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      shouldPersistQuery(query) &&
      query.state.dataUpdatedAt < openedAt &&
      query.state.fetchStatus !== 'fetching',
  });
}

/** Forgets the cache, in memory and in local storage (sign-out, a session that ended). */
export function forgetCache(queryClient: QueryClient): void {
  queryClient.clear();
  try {
    window.localStorage.removeItem(CACHE_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); there is nothing kept then.
  }
}

/**
 * What a route's loader does with its reads: makes sure each is in the cache or
 * on its way, without holding the navigation. The page shows the query's
 * loading and error states (ui/detail.tsx QueryView), so a slow or failed read
 * is seen on the page it belongs to rather than as a blank transition.
 */
export function ensureQueries(
  queryClient: QueryClient,
  ...queries: readonly QueryToEnsure[]
): void {
  for (const query of queries)
    void queryClient.ensureQueryData(query as EnsureOptions).catch(() => undefined);
}

type EnsureOptions = Parameters<QueryClient['ensureQueryData']>[0];
/**
 * A query's options (queryOptions(...)), whatever its data and key. Typed
 * loosely because a typed key makes the options' callbacks (staleTime,
 * queryFn) refuse the `unknown` key that one list of mixed queries has.
 */
type QueryToEnsure = Pick<EnsureOptions, 'queryKey'>;
