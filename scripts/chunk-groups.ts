import type { Plugin, Rolldown } from 'vite';
import { isChunk, withImports } from './route-preloads.ts';

interface ModuleGraphInfo {
  importers: readonly string[];
  importedIds: readonly string[];
}
type ModuleInfoOf = (id: string) => ModuleGraphInfo | null;

/** A module the bundle starts from: a route's split component (`?tsr-split=…`) or a plain file. */
export type EntryTest = (id: string) => boolean;

/** Module ids are absolute paths, with a query for the router's split route components. */
export const moduleFile =
  (file: string, split = false): EntryTest =>
  (id) => {
    const [path = '', query = ''] = id.split('?');
    return path.endsWith(`/${file}`) && (split ? query.startsWith('tsr-split') : query === '');
  };

/**
 * A library's index that re-exports its parts (`lucide-react`, `date-fns`, `radix-ui`): a file
 * importing one icon from it does not use the others, which the bundler drops.
 */
const BARREL_IMPORTS = 40;
const isBarrel = (id: string, info: ModuleGraphInfo | null) =>
  id.includes('/node_modules/') && (info?.importedIds.length ?? 0) >= BARREL_IMPORTS;

/**
 * Whether a module is one a set of entries imports statically, directly or through other
 * modules: it is one of them, or one of its static importers is. A library's index is not
 * passed through: that an entry imports one part of a library says nothing of its other parts.
 * The bundler asks for each of its thousands of modules, so every module a search settles is
 * kept: the one asked for when an entry is found, and all it went through when none is (their
 * importers are among the ones searched).
 */
export function staticallyReached(entries: readonly EntryTest[]) {
  const known = new Map<string, boolean>();
  return (id: string, info: ModuleInfoOf): boolean => {
    const seen = new Set([id]);
    const queue = [id];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const settled = known.get(next);
      if (settled === true || (settled === undefined && entries.some((entry) => entry(next)))) {
        known.set(id, true);
        return true;
      }
      const module = info(next);
      if (settled === false || isBarrel(next, module)) continue;
      for (const importer of module?.importers ?? [])
        if (!seen.has(importer)) {
          seen.add(importer);
          queue.push(importer);
        }
    }
    for (const searched of seen) known.set(searched, false);
    return false;
  };
}

export interface FirstScreenGroup {
  /** The chunk's name. */
  name: string;
  /** What the first screen shows: its modules and everything they import statically. */
  entries: readonly EntryTest[];
  /** Modules that stay where they are: what other first screens (the start, the sign-in page) import. */
  except: readonly EntryTest[];
  priority: number;
}

/**
 * One chunk with every module a page's first screen imports, instead of the dozens of small
 * shared chunks the bundler makes of them: on a slow phone's connection each request costs a
 * round trip, and a browser asks a server for a handful at a time (docs/performance.md). What
 * the start or the sign-in page imports stays out, so those do not download the page's chunk;
 * `keptApart` checks that in the built bundle. Another page that shares a module with it loads
 * the chunk too: the page is the console's home, which a signed-in user has seen.
 */
export function firstScreenGroup(group: FirstScreenGroup): Rolldown.CodeSplittingGroup {
  const inScreen = staticallyReached(group.entries);
  const inOthers = staticallyReached(group.except);
  return {
    name: (id, context) => {
      // The bundler's method, called on its context.
      const info: ModuleInfoOf = (other) => context.getModuleInfo(other);
      return inScreen(id, info) && !inOthers(id, info) ? group.name : null;
    },
    debugName: group.name,
    // What the start or the sign-in page imports stays with them even where the page imports it too.
    includeDependenciesRecursively: false,
    priority: group.priority,
  };
}

/**
 * Names the chunks of `from` (modules, as for `firstScreenGroup`) that load a chunk of one of the
 * given names: what `keptApart` fails the build over.
 */
export function chunksLoading(
  bundle: Rolldown.OutputBundle,
  names: readonly string[],
  from: readonly EntryTest[],
) {
  return Object.values(bundle)
    .filter(isChunk)
    .filter((start) => from.some((test) => start.moduleIds.some(test)))
    .filter((start) =>
      [...withImports(bundle, start)].some((name) => names.includes(bundle[name]?.name ?? '')),
    )
    .map((start) => start.fileName);
}

/** Fails the build when the signed-in pages' chunks are loaded by the start or the sign-in page. */
export function keptApart(names: readonly string[], from: readonly EntryTest[]): Plugin {
  return {
    name: 'nordlys-kept-apart',
    apply: 'build',
    generateBundle(_options, bundle) {
      const loading = chunksLoading(bundle, names, from);
      if (loading.length > 0)
        this.error(`${loading.join(', ')} would load the signed-in pages' ${names.join(' or ')}`);
    },
  };
}
