import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { buildPreloadMap, startAfterFirstPaint } from './route-preloads.ts';

const root = '/app';

/** A chunk of a built bundle with only what the map reads. */
function chunk(fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) {
  return {
    type: 'chunk',
    fileName,
    moduleIds,
    imports,
    isEntry,
  } as unknown as Rolldown.OutputChunk;
}

function bundleOf(...chunks: Rolldown.OutputChunk[]): Rolldown.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

const bundle = bundleOf(
  chunk(
    'assets/index-a.js',
    ['/app/src/main.tsx'],
    ['assets/vendor-b.js', 'assets/routes-c.js'],
    true,
  ),
  chunk('assets/vendor-b.js', ['/app/node_modules/react/index.js']),
  // The route tree (not split) and the start's shared code.
  chunk(
    'assets/routes-c.js',
    ['/app/src/routes/login.tsx', '/app/src/lib/api-client.ts'],
    ['assets/vendor-b.js'],
  ),
  chunk(
    'assets/login-d.js',
    ['/app/src/routes/login.tsx?tsr-split=component'],
    ['assets/form-e.js', 'assets/vendor-b.js'],
  ),
  chunk('assets/form-e.js', ['/app/src/ui/form.tsx'], ['assets/icons-f.js']),
  chunk('assets/icons-f.js', ['/app/node_modules/lucide-react/index.js']),
  chunk('assets/messages-g.js', ['/app/src/locales/da/messages.po']),
  // A module the page imports on its own, with the route tree's code it shares.
  chunk(
    'assets/wall-h.js',
    ['/app/src/features/wall.tsx'],
    ['assets/routes-c.js', 'assets/icons-f.js'],
  ),
);

describe('the preload map of the first screens', () => {
  it('lists a page’s split route components with what they import, leaving out the start scripts', () => {
    const map = buildPreloadMap(bundle, root, {
      routes: { '/login': ['src/routes/login.tsx'] },
      locales: { da: 'src/locales/da/messages.po' },
    });
    expect(map).toEqual({
      start: ['/assets/index-a.js', '/assets/vendor-b.js', '/assets/routes-c.js'],
      routes: { '/login': ['/assets/login-d.js', '/assets/form-e.js', '/assets/icons-f.js'] },
      locales: { da: '/assets/messages-g.js' },
    });
  });

  it('takes a module the first screen imports on its own, for a page opened with a search parameter', () => {
    const map = buildPreloadMap(bundle, root, {
      routes: { '/login?wall': ['src/routes/login.tsx', 'src/features/wall.tsx'] },
      locales: {},
    });
    expect(map.routes['/login?wall']).toEqual([
      '/assets/login-d.js',
      '/assets/form-e.js',
      '/assets/icons-f.js',
      '/assets/wall-h.js',
    ]);
  });

  it('fails the build when a named route or catalogue is in no chunk, rather than preload nothing', () => {
    expect(() =>
      buildPreloadMap(bundle, root, { routes: { '/gone': ['src/routes/gone.tsx'] }, locales: {} }),
    ).toThrow(/src\/routes\/gone\.tsx/);
    expect(() =>
      buildPreloadMap(bundle, root, { routes: {}, locales: { en: 'src/locales/en/messages.po' } }),
    ).toThrow(/en\/messages\.po/);
  });
});

describe('the console’s start', () => {
  const html = `<!doctype html>
<html>
  <head>
    <script src="/boot.js"></script>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

  it('is named for boot.js to start after the first paint, which also asks for its scripts then', () => {
    const started = startAfterFirstPaint(html);
    expect(started.entry).toBe('/assets/index-a.js');
    expect(started.html).not.toContain('<script type="module"');
    expect(started.html).toContain('<script src="/boot.js"></script>');
    // The start scripts are the map's `start`, asked for by boot.js after the first frame.
    expect(started.html).not.toContain('modulepreload');
  });

  it('fails the build when index.html has no entry script, rather than ship a page that never starts', () => {
    expect(() =>
      startAfterFirstPaint(html.replace(/<script type="module"[^>]*><\/script>/, '')),
    ).toThrow(/no module entry script/);
  });
});
