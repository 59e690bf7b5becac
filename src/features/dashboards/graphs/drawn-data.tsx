import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Statistic } from '../../../../contracts/history.ts';

/** One drawn bucket (or raw point, where from = to): epoch ms and the value after the conversion factor. */
export interface DrawnRow {
  readonly from: number;
  readonly to: number;
  readonly value: number;
}

/** One dataset as drawn: a device's key (or a card's source), its rows in time order. */
export interface DrawnDataset {
  readonly label: string;
  readonly deviceId: number | null;
  readonly dataKey: string | null;
  readonly unit: string | null;
  readonly rows: readonly DrawnRow[];
}

/**
 * What one graph draws, exactly: exports are made from this, so a file holds
 * the numbers on the screen. `statistic` is 'raw' when the rows are the stored
 * points themselves.
 */
export interface DrawnGraph {
  readonly graphId: string;
  readonly name: string;
  /** What the export files are named after: the graph's label or its data key. */
  readonly field: string;
  readonly statistic: Statistic | 'raw';
  readonly timeZone: string;
  readonly unit: string | null;
  readonly datasets: readonly DrawnDataset[];
}

/** The graphs of a dashboard and what each draws now. */
export interface DrawnRegistry {
  publish(drawn: DrawnGraph): void;
  remove(graphId: string): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ReadonlyMap<string, DrawnGraph>;
}

export function createDrawnRegistry(): DrawnRegistry {
  let graphs: ReadonlyMap<string, DrawnGraph> = new Map();
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    publish(drawn) {
      if (graphs.get(drawn.graphId) === drawn) return;
      graphs = new Map(graphs).set(drawn.graphId, drawn);
      tell();
    },
    remove(graphId) {
      if (!graphs.has(graphId)) return;
      const next = new Map(graphs);
      next.delete(graphId);
      graphs = next;
      tell();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => graphs,
  };
}

const DrawnContext = createContext<DrawnRegistry | null>(null);

/** Holds what every graph below draws, for the dashboard's "export data" and each graph's export. */
export function DrawnDataProvider({
  registry,
  children,
}: {
  /** A registry of the caller's own (to read it outside React); one is made when absent. */
  registry?: DrawnRegistry;
  children: ReactNode;
}) {
  const [own] = useState(() => registry ?? createDrawnRegistry());
  return <DrawnContext.Provider value={registry ?? own}>{children}</DrawnContext.Provider>;
}

const none: ReadonlyMap<string, DrawnGraph> = new Map();
const noop = () => () => undefined;

/**
 * What every graph of the dashboard draws now, read when asked (an export):
 * no re-render on every new point.
 */
export function useReadDrawn(): () => ReadonlyMap<string, DrawnGraph> {
  const registry = useContext(DrawnContext);
  return useCallback(() => registry?.getSnapshot() ?? none, [registry]);
}

/** What every graph of the dashboard draws now, by graph id. */
export function useDrawnData(): ReadonlyMap<string, DrawnGraph> {
  const registry = useContext(DrawnContext);
  return useSyncExternalStore(
    registry?.subscribe ?? noop,
    () => registry?.getSnapshot() ?? none,
    () => none,
  );
}

/** Publishes what a graph draws while it is shown; null while it has nothing drawn. */
export function usePublishDrawn(graphId: string, drawn: DrawnGraph | null): void {
  const registry = useContext(DrawnContext);
  useEffect(() => {
    if (!registry) return;
    if (drawn) registry.publish(drawn);
    else registry.remove(graphId);
  }, [registry, graphId, drawn]);
  useEffect(() => () => registry?.remove(graphId), [registry, graphId]);
}
