import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, type Rolldown } from 'vite';
import { printTable } from './table.ts';

// The console's JavaScript as the browser loads it: `vite build` with the
// project's config (manifest on, into a folder of its own, so dist/ is left
// alone), then the entry script and modulepreload links of index.html and
// their static imports in .vite/manifest.json. That is what every URL loads
// before any lazy chunk; a route's own split chunks follow on navigation.
// Sizes are gzip (node:zlib, default level) in kB of 1,000 bytes.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_KB = 300;

/** The route files a URL renders through, root first (the root route is in the entry). */
const ROUTES: Record<string, string[]> = {
  '/login': ['src/routes/login.tsx'],
  '/dashboard': ['src/routes/_app.tsx', 'src/routes/_app.dashboard.tsx'],
};

/** What to find in the chunks: module paths that hold it. */
const LOOK_FOR: Record<string, RegExp> = {
  'react-grid-layout': /node_modules\/react-grid-layout\//,
  'chart code (src/charts)': /\/src\/charts\//,
};

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

async function buildConsole(outDir: string): Promise<Rolldown.OutputChunk[]> {
  const output = await build({
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  if (!('output' in output) && !Array.isArray(output)) throw new Error('vite build is watching');
  return (Array.isArray(output) ? output : [output])
    .flatMap((o) => o.output)
    .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
}

/** The script and modulepreload files index.html names. */
function scriptsOfIndex(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const isEntry = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1];
    if ((isEntry || isPreload) && url) files.push(url);
  }
  return files;
}

/** The files `start` loads before running: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, start: Iterable<string>): Set<string> {
  const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key];
      if (imported) visit(imported.file);
    }
  };
  for (const file of start) visit(file);
  return seen;
}

async function gzipSize(outDir: string, files: Iterable<string>): Promise<number> {
  let total = 0;
  for (const file of files) total += gzipSync(await fs.readFile(path.join(outDir, file))).length;
  return total;
}

/** Where a chunk is loaded: at start, or by which lazy entries (src of the manifest's dynamic entries). */
function loadedBy(manifest: Manifest, initial: Set<string>, file: string): string {
  if (initial.has(file)) return 'initial bundle';
  const routes = Object.values(manifest)
    .filter((c) => c.isDynamicEntry && c.src && staticClosure(manifest, [c.file]).has(file))
    .map((c) => (c.src ?? '').replace(/^src\//, '').replace(/\?.*$/, ''));
  const shown = routes.slice(0, 3).join(', ');
  return `lazy: ${shown}${routes.length > 3 ? ` and ${routes.length - 3} more` : ''}`;
}

const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-bench-bundle-'));
try {
  const started = performance.now();
  const chunks = await buildConsole(outDir);
  const buildSeconds = (performance.now() - started) / 1000;
  const manifest = JSON.parse(
    await fs.readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const html = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
  const initial = staticClosure(manifest, scriptsOfIndex(html));
  const initialKb = (await gzipSize(outDir, initial)) / 1000;

  const pages = [];
  const lazy = [];
  for (const [url, files] of Object.entries(ROUTES)) {
    const routeChunks = chunks
      .filter((c) => c.moduleIds.some((id) => files.some((f) => id.startsWith(path.join(root, f)))))
      .map((c) => c.fileName);
    const toRender = staticClosure(manifest, [...initial, ...routeChunks]);
    pages.push({
      page: url,
      'initial JS files': initial.size,
      'initial kB gzip': initialKb.toFixed(1),
      [`≤ ${BUDGET_KB} kB`]: initialKb <= BUDGET_KB ? 'yes' : 'NO',
      '+ route chunks: files': toRender.size,
      '+ route chunks: kB gzip': kB(await gzipSize(outDir, toRender)),
    });
    // What the route's components import lazily (React.lazy), each on top of the route.
    const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));
    for (const key of new Set(routeChunks.flatMap((f) => byFile.get(f)?.dynamicImports ?? []))) {
      const target = manifest[key];
      if (!target || toRender.has(target.file)) continue;
      const adds = [...staticClosure(manifest, [target.file])].filter((f) => !toRender.has(f));
      lazy.push({
        page: url,
        'lazy import': key,
        'adds files': adds.length,
        'adds kB gzip': kB(await gzipSize(outDir, adds)),
      });
    }
  }
  process.stdout.write(`vite build in ${buildSeconds.toFixed(1)} s\n\n`);
  printTable(pages);
  process.stdout.write('\n');
  printTable(lazy);

  const found = [];
  for (const [what, pattern] of Object.entries(LOOK_FOR)) {
    const holding = chunks.filter((c) => c.moduleIds.some((id) => pattern.test(id)));
    if (holding.length === 0)
      found.push({ code: what, chunk: 'not in the build', 'kB gzip': '', loaded: 'never' });
    for (const chunk of holding)
      found.push({
        code: what,
        chunk: chunk.fileName,
        'kB gzip': kB(await gzipSize(outDir, [chunk.fileName])),
        loaded: loadedBy(manifest, initial, chunk.fileName),
      });
  }
  process.stdout.write('\n');
  printTable(found);
} finally {
  await fs.rm(outDir, { recursive: true, force: true });
}
