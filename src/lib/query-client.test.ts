import { dehydrate, QueryObserver } from '@tanstack/react-query';
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-client.ts';
import {
  afterRestore,
  CACHE_STORAGE_KEY,
  createQueryClient,
  keepWhenLeft,
  persistOptions,
  refreshRestored,
  retryRead,
  shouldPersistQuery,
} from './query-client.ts';
import { effectivePageSize, validateListSearch } from './list-search.ts';

describe('the kept query cache', () => {
  it('keeps lists and details, never the signed-in user, the configuration or searches', () => {
    const client = createQueryClient();
    client.setQueryData(['registries', 'list', { page: 1 }], { items: [] });
    client.setQueryData(['devices', 'detail', 7], { id: 7 });
    client.setQueryData(['auth', 'user'], { uuid: 'u' });
    client.setQueryData(['config'], { version: '1' });
    client.setQueryData(['search', 'kø'], { devices: [] });
    const kept = dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery }).queries.map(
      (q) => q.queryKey[0],
    );
    expect(kept.sort()).toEqual(['devices', 'registries']);
  });

  it('keeps the shown entity when a fetch brings the same one, and replaces it when it changed', () => {
    const client = createQueryClient();
    const key = ['devices', 'detail', 1];
    client.setQueryData(key, { id: 1, name: 'Nørreport', keys: ['countIn'] });
    const shown = client.getQueryData(key);
    client.setQueryData(key, { id: 1, name: 'Nørreport', keys: ['countIn'] });
    expect(client.getQueryData(key)).toBe(shown);
    client.setQueryData(key, { id: 1, name: 'Nørreport Nord', keys: ['countIn'] });
    expect(client.getQueryData(key)).not.toBe(shown);
  });

  it('marks what was read back from storage as stale, so it is shown and then fetched again', async () => {
    const client = createQueryClient();
    const list = ['registries', 'list', { page: 1 }];
    const user = ['auth', 'user'];
    client.setQueryData(list, { items: [] });
    client.setQueryData(user, { uuid: 'u' });
    const find = (key: unknown[]) => client.getQueryCache().find({ queryKey: key });
    // Both are fresh for the client's 30 s stale time...
    expect(find(list)?.isStale()).toBe(false);
    // Read back from storage before the page opened.
    await refreshRestored(client, Date.now() + 1);
    // ...until the kept ones are marked stale; the rest is left alone.
    expect(find(list)?.isStale()).toBe(true);
    expect(find(user)?.isStale()).toBe(false);
    expect(client.getQueryData(list)).toEqual({ items: [] });
  });

  it('keeps what the page read while the kept cache was being read back', async () => {
    vi.useFakeTimers();
    const kept = new Map<string, string>();
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    } as Storage;
    const client = createQueryClient();
    // The first page's loader read the list before the console rendered and subscribed.
    client.setQueryData(['dashboards', 'list'], [{ id: 'hal-3-a1b2c3' }]);
    await afterRestore(client, persistOptions(storage, 'build'), Date.now() + 1);
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    expect(kept.get(CACHE_STORAGE_KEY)).toContain('hal-3-a1b2c3');
  });

  it('never takes a kept copy as fresh, even one kept a moment ago', async () => {
    const storage = memoryStorage();
    const options = persistOptions(storage, 'build');
    const before = createQueryClient();
    // The dashboard as it was kept a moment before the page was reloaded, before its save was written.
    before.setQueryData(['dashboards', 'list'], [{ id: 'hal-3', graphs: 0 }]);
    storage.setItem(
      CACHE_STORAGE_KEY,
      JSON.stringify({
        buster: 'build',
        timestamp: Date.now(),
        clientState: dehydrate(before, { shouldDehydrateQuery: shouldPersistQuery }),
      }),
    );
    const after = createQueryClient();
    // The reloaded page's loader is reading the list when the kept cache comes back.
    let answer: (value: unknown) => void = () => undefined;
    const queryFn = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const reading = after.prefetchQuery({ queryKey: ['dashboards', 'list'], queryFn });
    await persistQueryClientRestore({ ...options, queryClient: after });
    expect(after.getQueryData(['dashboards', 'list'])).toEqual([{ id: 'hal-3', graphs: 0 }]);
    // The page's machine asks for the list: it gets the saved one, from the read on its way.
    const asked = after.fetchQuery({ queryKey: ['dashboards', 'list'], queryFn });
    answer([{ id: 'hal-3', graphs: 6 }]);
    await reading;
    expect(await asked).toEqual([{ id: 'hal-3', graphs: 6 }]);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('writes the cache at once when the page is left, not a second later', async () => {
    const storage = memoryStorage();
    const events = pageEvents();
    const client = createQueryClient();
    const options = persistOptions(storage, 'build');
    const stop = keepWhenLeft(client, storage, options, events);
    client.setQueryData(['dashboards', 'list'], [{ id: 'saved-just-now' }]);
    client.setQueryData(['auth', 'user'], { uuid: 'u' });
    expect(storage.getItem(CACHE_STORAGE_KEY)).toBeNull();
    events.fire('pagehide');
    const kept = JSON.parse(storage.getItem(CACHE_STORAGE_KEY) ?? 'null') as {
      buster: string;
      clientState: { queries: { queryKey: unknown[] }[] };
    };
    expect(kept.buster).toBe('build');
    expect(kept.clientState.queries.map((q) => q.queryKey[0])).toEqual(['dashboards']);
    expect(JSON.stringify(kept)).toContain('saved-just-now');
    // In the persister's own format: the next page reads it back.
    const next = createQueryClient();
    await persistQueryClientRestore({ ...options, queryClient: next });
    expect(next.getQueryData(['dashboards', 'list'])).toEqual([{ id: 'saved-just-now' }]);
    stop();
    storage.removeItem(CACHE_STORAGE_KEY);
    events.fire('pagehide');
    expect(storage.getItem(CACHE_STORAGE_KEY)).toBeNull();
  });

  it('leaves alone what the page read itself after it opened', async () => {
    const client = createQueryClient();
    const kept = ['registries', 'list', { page: 1 }];
    const read = ['dashboards', 'list'];
    client.setQueryData(kept, { items: [] }, { updatedAt: 1_000 });
    client.setQueryData(read, [], { updatedAt: 5_000 });
    const find = (key: unknown[]) => client.getQueryCache().find({ queryKey: key });
    // A read on its way when the kept cache came back: its answer is awaited, not asked again.
    const reading = ['devices', 'list', { page: 1 }];
    let answer: (value: string[]) => void = () => undefined;
    const queryFn = vi.fn(() => new Promise<string[]>((resolve) => (answer = resolve)));
    const shown = new QueryObserver(client, { queryKey: reading, queryFn });
    const stop = shown.subscribe(() => undefined);
    client.setQueryData(reading, ['kept'], { updatedAt: 1_000 });
    const refreshed = refreshRestored(client, 2_000);
    expect(find(kept)?.isStale()).toBe(true);
    expect(find(read)?.isStale()).toBe(false);
    answer(['read']);
    await refreshed;
    await vi.waitFor(() => expect(client.getQueryData(reading)).toEqual(['read']));
    expect(queryFn).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('reads that fail', () => {
  afterEach(() => vi.useRealTimers());

  /** How many times the console's client calls a read that keeps failing with `error`. */
  async function attempts(error: Error): Promise<number> {
    vi.useFakeTimers();
    const queryFn = vi.fn().mockRejectedValue(error);
    const read = createQueryClient()
      .fetchQuery({ queryKey: ['devices', 'detail', 7], queryFn })
      .catch(() => undefined);
    await vi.runAllTimersAsync();
    await read;
    return queryFn.mock.calls.length;
  }

  it('are not tried again when the server answered that the entity is missing or refused', async () => {
    expect(await attempts(new ApiError(404, 'Resource not found'))).toBe(1);
    expect(await attempts(new ApiError(403, 'Forbidden'))).toBe(1);
    expect(await attempts(new ApiError(400, 'body.name is empty'))).toBe(1);
  });

  it('are tried once more without an answer or after a server failure', async () => {
    expect(await attempts(new NetworkError())).toBe(2);
    expect(await attempts(new ApiError(500, 'Something went wrong on our side.'))).toBe(2);
  });

  it('are tried again on 408 and 429, which ask the client to come back', () => {
    expect(retryRead(0, new ApiError(429, 'Too Many Requests'))).toBe(true);
    expect(retryRead(0, new ApiError(408, 'Request Timeout'))).toBe(true);
    expect(retryRead(1, new ApiError(503, 'Ingest is busy'))).toBe(false);
  });
});

describe('list state in the URL', () => {
  it('reads page size, cards per page and filters, and drops what it cannot trust', () => {
    const state = validateListSearch(
      {
        page: '2',
        pageSize: '0',
        cards: '6',
        view: 'cards',
        filters: { status: 'red', 'bad key': 'x', registryId: 3 },
      },
      { pageSize: 10 },
    );
    expect(state).toMatchObject({ page: 2, pageSize: 0, cards: 6, view: 'cards' });
    expect(state.filters).toEqual({ status: 'red' });
    expect(validateListSearch({ cards: '5', pageSize: '-1' }, { pageSize: 10 })).toMatchObject({
      pageSize: 10,
    });
    expect(validateListSearch({ cards: '5' }, { pageSize: 10 }).cards).toBeUndefined();
  });

  it('asks the server for the rows that fit the window when rows per page is auto', () => {
    const auto = { page: 1, pageSize: 0, view: 'list' as const };
    expect(effectivePageSize(auto, 900)).toBe(Math.floor((900 - 320) / 49));
    expect(effectivePageSize({ ...auto, view: 'cards' }, 900)).toBe(9);
    expect(effectivePageSize({ ...auto, view: 'cards', cards: 4 }, 900)).toBe(4);
  });
});

function memoryStorage(): Storage {
  const kept = new Map<string, string>();
  return {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
  } as Storage;
}

/** A stand-in for the window's page events that the test fires itself. */
function pageEvents() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    addEventListener: (type: string, listener: () => void) => {
      const set = listeners.get(type) ?? new Set();
      set.add(listener);
      listeners.set(type, set);
    },
    removeEventListener: (type: string, listener: () => void) => {
      listeners.get(type)?.delete(listener);
    },
    fire: (type: string) => listeners.get(type)?.forEach((listener) => listener()),
  } as Pick<Window, 'addEventListener' | 'removeEventListener'> & { fire: (type: string) => void };
}
