import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, loadConfigFromFile, type PluginOption } from 'vite';

// A bench's page, built and served as the console is: the chart-paint and
// map-markers benches each time their components in one such page.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const flatten = async (options: PluginOption[]): Promise<PluginOption[]> => {
  const flat: PluginOption[] = [];
  for (const option of options) {
    const value = await option;
    if (Array.isArray(value)) flat.push(...(await flatten(value)));
    else if (value) flat.push(value);
  }
  return flat;
};

/**
 * Builds the page `entry` (an HTML file, from the project root) with the
 * console's own plugins (the lingui macro through babel, React, the
 * catalogs), leaving out the router's, the service worker's and the first
 * screens' preloads: the page has no routes and works offline by being local.
 */
export async function buildPage(entry: string, outDir: string): Promise<void> {
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    path.join(root, 'vite.config.ts'),
    root,
    'warn',
  );
  if (!loaded) throw new Error('no vite.config.ts');
  const plugins = (await flatten(loaded.config.plugins ?? [])).filter(
    (p) => !(p && 'name' in p && /^(tanstack|vite-plugin-pwa|nordlys:route-preloads)/.test(p.name)),
  );
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    define: loaded.config.define,
    plugins,
    build: {
      outDir,
      emptyOutDir: true,
      target: loaded.config.build?.target,
      rollupOptions: { input: path.join(root, entry) },
    },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
};

/** Answers a request the built files do not (null: not this handler's). */
export type ExtraRoute = (pathname: string, res: http.ServerResponse) => boolean;

/** Serves the built page `entry` from `dir` on 127.0.0.1, with `extra` routes first. */
export async function servePage(
  dir: string,
  entry: string,
  extra: ExtraRoute = () => false,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (extra(pathname, res)) return;
    const file = path.join(dir, path.normalize(pathname));
    fs.readFile(file).then(
      (body) =>
        res
          .writeHead(200, {
            'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          })
          .end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/${entry}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
