import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** What the first screen of a page needs beyond the console's start scripts, and each language's texts. */
export interface PreloadMap {
  /** The console's start scripts: its entry and every script it imports, entry first. */
  start: string[];
  /** A page's path: the scripts of its route components (and what they import). */
  routes: Record<string, string[]>;
  /** A language: the script of its catalogue. */
  locales: Record<string, string>;
}

export interface RoutePreloadOptions {
  /**
   * A page's path, or its path and a search parameter it is opened with
   * (`/dashboard?kiosk`): the route files whose components it shows,
   * outermost first, and any module its first screen imports on its own
   * (`import()`).
   */
  routes: Record<string, readonly string[]>;
  /** A language: its catalogue (the .po file the console imports). */
  locales: Record<string, string>;
}

/** The name of the meta element public/boot.js reads the map from. */
export const PRELOAD_META = 'nordlys-preload';
/** The name of the meta element that names the console's entry script, which public/boot.js starts. */
export const START_META = 'nordlys-start';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;

/**
 * index.html with its entry script named in a meta element instead of
 * loaded by a script tag, and without the build's modulepreload links:
 * public/boot.js asks for the start scripts (the map's `start`) and starts
 * the entry once the page has painted its first frame. A module script runs
 * as soon as the document is parsed, before the browser paints, so on a slow
 * phone the page stayed blank while the console's start scripts ran; and
 * downloads begun with the page share a slow connection with the page itself.
 */
export function startAfterFirstPaint(html: string): { html: string; entry: string } {
  const found = ENTRY_SCRIPT.exec(html);
  if (!found?.[1]) throw new Error('route-preloads: index.html has no module entry script');
  return { html: html.replace(found[0], '').replace(MODULE_PRELOAD, ''), entry: found[1] };
}

export const isChunk = (item: OutputBundle[string]): item is OutputChunk => item.type === 'chunk';

/** A chunk and every chunk it imports statically (what loads before it runs), by file name. */
export function withImports(
  bundle: OutputBundle,
  start: OutputChunk,
  into = new Set<string>(),
): Set<string> {
  if (into.has(start.fileName)) return into;
  into.add(start.fileName);
  for (const name of start.imports) {
    const chunk = bundle[name];
    if (chunk && isChunk(chunk)) withImports(bundle, chunk, into);
  }
  return into;
}

/**
 * Works out, from the built bundle, which scripts a page's first screen loads
 * after the start scripts (its route components, split off by the router, and
 * the language's catalogue), and writes them into index.html as a meta
 * element. public/boot.js, which runs in the head, asks for the ones of the
 * page being opened at once (`modulepreload`), rather than after the start
 * scripts have loaded and run (docs/performance.md).
 */
export function buildPreloadMap(
  bundle: OutputBundle,
  root: string,
  options: RoutePreloadOptions,
): PreloadMap {
  const chunks = Object.values(bundle).filter(isChunk);
  const started = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) withImports(bundle, entry, started);
  const start = [...started];
  /** The chunks holding a module; for a route file, the chunks the router split its parts into. */
  const chunksOf = (file: string) => {
    const wanted = path.resolve(root, file);
    const splitOnly = file.startsWith('src/routes/');
    return chunks.filter((chunk) =>
      chunk.moduleIds.some((id) => {
        const [name, query = ''] = id.split('?');
        return name === wanted && (!splitOnly || query.includes('tsr-split'));
      }),
    );
  };
  const url = (fileName: string) => `/${fileName}`;

  const routes: Record<string, string[]> = {};
  for (const [page, files] of Object.entries(options.routes)) {
    const needed = new Set<string>();
    for (const file of files) {
      const found = chunksOf(file);
      if (found.length === 0) throw new Error(`route-preloads: no chunk holds ${file}`);
      for (const chunk of found) withImports(bundle, chunk, needed);
    }
    routes[page] = [...needed].filter((name) => !started.has(name)).map(url);
  }
  const locales: Record<string, string> = {};
  for (const [locale, file] of Object.entries(options.locales)) {
    const [chunk] = chunksOf(file);
    if (!chunk) throw new Error(`route-preloads: no chunk holds ${file}`);
    locales[locale] = url(chunk.fileName);
  }
  return { start: start.map(url), routes, locales };
}

/**
 * The Vite plugin: the map as `<meta name="nordlys-preload">` and the entry
 * script as `<meta name="nordlys-start">`, before public/boot.js runs.
 */
export function routePreloads(options: RoutePreloadOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'nordlys:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return undefined;
        const map = buildPreloadMap(context.bundle, root, options);
        const started = startAfterFirstPaint(html);
        return {
          html: started.html,
          tags: [
            {
              tag: 'meta',
              attrs: { name: PRELOAD_META, content: JSON.stringify(map) },
              injectTo: 'head-prepend',
            },
            {
              tag: 'meta',
              attrs: { name: START_META, content: started.entry },
              injectTo: 'head-prepend',
            },
          ],
        };
      },
    },
  };
}
