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

const startScripts = ['/assets/index.js', '/assets/vendor.js'];

// The entry script boot.js starts is not loaded here: happy-dom counts it loaded, quietly.
const happyDom = (window as { happyDOM?: { settings: Record<string, unknown> } }).happyDOM;
if (happyDom) happyDom.settings.handleDisabledFileLoadingAsSuccess = true;

describe('boot.js asking for the first screen’s scripts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    // Every reading of the clock is 2.5 ms after the one before: a link costs that much.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 2.5));
    // The reads boot.js starts never answer here.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    history.replaceState(null, '', '/dashboard');
    localStorage.clear();
    addMeta(
      'nordlys-preload',
      JSON.stringify({
        start: startScripts,
        routes: { '/dashboard': routeScripts, '/login': ['/assets/login.js'] },
        locales: { da: '/assets/da.js', en: '/assets/en.js' },
      }),
    );
    addMeta('nordlys-start', '/assets/index.js');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    document.documentElement.removeAttribute('data-first-screen');
    document.documentElement.removeAttribute('data-consented');
    delete (window as { nordlysBoot?: unknown }).nordlysBoot;
    delete (window as { nordlysBootDevices?: unknown }).nordlysBootDevices;
  });

  const entryStarted = () =>
    document.head.querySelector('script[type="module"][src="/assets/index.js"]') !== null;

  it('asks for nothing before the first frame, then for the start scripts, texts and page’s scripts, a few a task', () => {
    new Function(bootScript)();
    // Before the first frame the page has the connection to itself.
    expect(preloads()).toEqual([]);
    expect(entryStarted()).toBe(false);
    vi.advanceTimersToNextFrame();
    const batches: number[] = [];
    while (vi.getTimerCount() > 0) {
      const before = preloads().length;
      vi.advanceTimersToNextTimer();
      batches.push(preloads().length - before);
    }
    // The start scripts first, then the language's texts, then the page's scripts, each once.
    expect(preloads()).toEqual([...startScripts, '/assets/da.js', ...routeScripts]);
    // At 2.5 ms a link and 6 ms a task: three links a task, the rest in the last; the
    // fallback timer after 250 ms finds nothing left to do.
    expect(batches.filter((added) => added > 0)).toEqual([3, 3, 3, 3, 1]);
    expect(entryStarted()).toBe(true);
  });

  describe('in a browser that tells its first contentful paint', () => {
    let observers: { callback: PerformanceObserverCallback; disconnected: boolean }[];
    beforeEach(() => {
      observers = [];
      class PaintObserver {
        static supportedEntryTypes = ['paint'];
        private readonly own: { callback: PerformanceObserverCallback; disconnected: boolean };
        constructor(callback: PerformanceObserverCallback) {
          this.own = { callback, disconnected: false };
          observers.push(this.own);
        }
        observe() {}
        disconnect() {
          this.own.disconnected = true;
        }
      }
      vi.stubGlobal('PerformanceObserver', PaintObserver);
    });
    const paint = (name: string) => {
      for (const observer of observers.filter((o) => !o.disconnected))
        observer.callback(
          { getEntries: () => [{ name }] } as unknown as PerformanceObserverEntryList,
          {} as PerformanceObserver,
        );
    };

    it('waits for it, not for a frame that may come before the page has been parsed', () => {
      new Function(bootScript)();
      vi.advanceTimersToNextFrame();
      vi.advanceTimersByTime(100);
      paint('first-paint');
      vi.advanceTimersByTime(100);
      expect(preloads()).toEqual([]);
      expect(entryStarted()).toBe(false);
      paint('first-contentful-paint');
      vi.advanceTimersByTime(100);
      expect(preloads()).toEqual([...startScripts, '/assets/da.js', ...routeScripts]);
      expect(entryStarted()).toBe(true);
    });

    it('goes on after a second without it', () => {
      new Function(bootScript)();
      vi.advanceTimersByTime(999);
      expect(preloads()).toEqual([]);
      vi.advanceTimersByTime(200);
      expect(preloads().slice(0, 3)).toEqual(startScripts.concat('/assets/da.js'));
      expect(entryStarted()).toBe(true);
    });
  });

  it('starts a page opened in the background at once, which paints nothing until shown', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    new Function(bootScript)();
    expect(preloads().slice(0, 3)).toEqual(startScripts.concat('/assets/da.js'));
    expect(entryStarted()).toBe(true);
  });

  it('asks for the start scripts and texts only on a page without scripts of its own', () => {
    history.replaceState(null, '', '/devices');
    new Function(bootScript)();
    vi.runAllTimers();
    expect(preloads()).toEqual([...startScripts, '/assets/da.js']);
  });
});

describe('boot.js choosing the sign-in page’s first screen', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    history.replaceState(null, '', '/login');
    localStorage.clear();
    addMeta(
      'nordlys-preload',
      JSON.stringify({ start: [], routes: {}, locales: { da: '/d.js', en: '/e.js' } }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    document.documentElement.removeAttribute('data-first-screen');
    document.documentElement.removeAttribute('data-consented');
    delete (window as { nordlysBoot?: unknown }).nordlysBoot;
  });

  const html = document.documentElement;

  it('names Danish for a first visit, and the language chosen on the page before', () => {
    new Function(bootScript)();
    expect(html.getAttribute('data-first-screen')).toBe('da');
    html.removeAttribute('data-first-screen');
    localStorage.setItem('nordlys.chosenLocale', 'en');
    new Function(bootScript)();
    expect(html.getAttribute('data-first-screen')).toBe('en');
    expect(html.lang).toBe('en');
  });

  it('names none for a kept user, whom the console sends on, nor for a language without texts', () => {
    localStorage.setItem('nordlys.user', JSON.stringify({ internal: { settings: {} } }));
    new Function(bootScript)();
    expect(html.hasAttribute('data-first-screen')).toBe(false);
    localStorage.clear();
    localStorage.setItem('nordlys.chosenLocale', 'sv');
    new Function(bootScript)();
    expect(html.hasAttribute('data-first-screen')).toBe(false);
  });

  it('marks a stored cookie consent, which hides the first screen’s consent bar', () => {
    new Function(bootScript)();
    expect(html.hasAttribute('data-consented')).toBe(false);
    localStorage.setItem('nordlys.cookies', '1');
    new Function(bootScript)();
    expect(html.hasAttribute('data-consented')).toBe(true);
  });

  it('names none on other pages', () => {
    history.replaceState(null, '', '/dashboard');
    new Function(bootScript)();
    expect(html.hasAttribute('data-first-screen')).toBe(false);
  });
});
