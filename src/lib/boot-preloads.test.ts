import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bootScript from '../../public/boot.js?raw';

// public/boot.js runs in the page's head, before the console's scripts. Its
// part that asks for the opened page's scripts (modulepreload links) is
// tested here; the reads it starts are the e2e suite's (shell.spec.ts).

const routeScripts = Array.from({ length: 10 }, (_, i) => `/assets/part-${i}.js`);

function addMeta(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.appendChild(meta);
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );

describe('boot.js asking for the first screen’s scripts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    // Every reading of the clock is 2.5 ms after the one before: a link costs that much.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 2.5));
    // The reads boot.js starts never answer here.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    history.replaceState(null, '', '/dashboard');
    localStorage.clear();
    addMeta(
      'nordlys-preload',
      JSON.stringify({ routes: { '/dashboard': routeScripts }, locales: { da: '/assets/da.js' } }),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    delete (window as { nordlysBoot?: unknown }).nordlysBoot;
    delete (window as { nordlysBootDevices?: unknown }).nordlysBootDevices;
  });

  it('adds the first links itself and the rest a few at a time in tasks of their own, in order', () => {
    new Function(bootScript)();
    // Its own task adds only what fits in its 6 ms: a long one would hold back the first paint.
    expect(preloads()).toEqual(['/assets/da.js', '/assets/part-0.js', '/assets/part-1.js']);
    const batches: number[] = [];
    while (vi.getTimerCount() > 0) {
      const before = preloads().length;
      vi.advanceTimersToNextTimer();
      batches.push(preloads().length - before);
    }
    // The language's texts first, then the page's scripts, each once.
    expect(preloads()).toEqual(['/assets/da.js', ...routeScripts]);
    // At 2.5 ms a link and 6 ms a task: three links a task, and the rest in the last.
    expect(batches).toEqual([3, 3, 2]);
  });

  it('asks for nothing on a page without scripts of its own', () => {
    history.replaceState(null, '', '/devices');
    new Function(bootScript)();
    vi.runAllTimers();
    expect(preloads()).toEqual(['/assets/da.js']);
  });
});
