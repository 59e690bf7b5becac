import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunksLoading, firstScreenGroup, moduleFile, staticallyReached } from './chunk-groups.ts';

/** A module graph by its static imports; importers are worked out from them. */
function graphOf(imports: Record<string, string[]>) {
  const importers = new Map<string, string[]>();
  for (const [from, targets] of Object.entries(imports))
    for (const target of targets) importers.set(target, [...(importers.get(target) ?? []), from]);
  return (id: string) =>
    id in imports || importers.has(id)
      ? { importers: importers.get(id) ?? [], importedIds: imports[id] ?? [] }
      : null;
}

const icons = Array.from({ length: 50 }, (_, i) => `/app/node_modules/icons/dist/icon-${i}.js`);
const graph = graphOf({
  '/app/src/main.tsx': ['/app/src/routes.ts', '/app/node_modules/icons/dist/index.js'],
  '/app/src/routes.ts': ['/app/src/lib/api.ts'],
  '/app/src/routes/home.tsx?tsr-split=component': [
    '/app/src/home/page.tsx',
    '/app/node_modules/icons/dist/index.js',
  ],
  '/app/src/home/page.tsx': ['/app/src/home/chart.tsx', '/app/src/lib/api.ts'],
  // A cycle inside the page.
  '/app/src/home/chart.tsx': ['/app/src/home/page.tsx', '/app/src/home/scale.ts'],
  '/app/src/home/scale.ts': [],
  '/app/src/lib/api.ts': [],
  '/app/node_modules/icons/dist/index.js': icons,
});

describe('staticallyReached', () => {
  const home = staticallyReached([moduleFile('src/routes/home.tsx', true)]);
  const start = staticallyReached([moduleFile('src/main.tsx')]);

  it('follows static imports from an entry, through cycles', () => {
    expect(home('/app/src/home/page.tsx', graph)).toBe(true);
    expect(home('/app/src/home/chart.tsx', graph)).toBe(true);
    expect(home('/app/src/home/scale.ts', graph)).toBe(true);
    expect(home('/app/src/lib/api.ts', graph)).toBe(true);
    expect(start('/app/src/lib/api.ts', graph)).toBe(true);
    expect(start('/app/src/home/scale.ts', graph)).toBe(false);
    expect(start('/app/src/home/chart.tsx', graph)).toBe(false);
  });

  it('tells a split route component from its route file', () => {
    expect(moduleFile('src/routes/home.tsx', true)('/app/src/routes/home.tsx')).toBe(false);
    expect(moduleFile('src/routes/home.tsx')('/app/src/routes/home.tsx?tsr-split=component')).toBe(
      false,
    );
    expect(moduleFile('src/main.tsx')('/app/src/main.tsx')).toBe(true);
  });

  it('does not pass through a library index: importing one part says nothing of the others', () => {
    expect(start(icons[3] ?? '', graph)).toBe(false);
    expect(home(icons[3] ?? '', graph)).toBe(false);
  });
});

describe('firstScreenGroup', () => {
  const group = firstScreenGroup({
    name: 'home',
    entries: [moduleFile('src/routes/home.tsx', true)],
    except: [moduleFile('src/main.tsx')],
    priority: 0,
  });
  const name = group.name as (id: string, context: Rolldown.ChunkingContext) => string | null;
  const context = {
    getModuleInfo: (id: string) => graph(id),
  } as unknown as Rolldown.ChunkingContext;

  it('takes what only the page imports, and leaves what the start imports', () => {
    expect(name('/app/src/home/chart.tsx', context)).toBe('home');
    expect(name('/app/src/routes/home.tsx?tsr-split=component', context)).toBe('home');
    expect(name('/app/src/lib/api.ts', context)).toBeNull();
    expect(name('/app/src/main.tsx', context)).toBeNull();
    expect(group.includeDependenciesRecursively).toBe(false);
  });
});

function chunk(fileName: string, name: string, moduleIds: string[], imports: string[] = []) {
  return { type: 'chunk', fileName, name, moduleIds, imports } as unknown as Rolldown.OutputChunk;
}
const bundleOf = (...chunks: Rolldown.OutputChunk[]): Rolldown.OutputBundle =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c]));

describe('chunksLoading', () => {
  const signIn = [moduleFile('src/main.tsx'), moduleFile('src/routes/login.tsx', true)];

  it('names the sign-in chunks that would load the dashboard home, through their imports', () => {
    const bundle = bundleOf(
      chunk('index.js', 'index', ['/app/src/main.tsx'], ['routes.js']),
      chunk('routes.js', 'routes', ['/app/src/routes.ts'], ['shared.js']),
      chunk('shared.js', 'shared', ['/app/src/ui/card.tsx'], ['home.js']),
      chunk('home.js', 'dashboard-home', ['/app/src/home/page.tsx']),
      chunk('login.js', 'login', ['/app/src/routes/login.tsx?tsr-split=component'], []),
    );
    expect(chunksLoading(bundle, ['dashboard-home'], signIn)).toEqual(['index.js']);
  });

  it('is empty when they stay apart', () => {
    const bundle = bundleOf(
      chunk('index.js', 'index', ['/app/src/main.tsx'], ['routes.js']),
      chunk('routes.js', 'routes', ['/app/src/routes.ts']),
      chunk('home.js', 'dashboard-home', ['/app/src/home/page.tsx'], ['routes.js']),
      chunk('login.js', 'login', ['/app/src/routes/login.tsx?tsr-split=component'], ['routes.js']),
    );
    expect(chunksLoading(bundle, ['dashboard-home'], signIn)).toEqual([]);
  });
});
