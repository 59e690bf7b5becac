import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';

/** A component whose code is split off from the screen it sits on, and how to ask for that code early. */
export interface LaterComponent<P extends object> {
  /** Render it inside a `Suspense`: the first render waits for the code. */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Asks for the code now (once; a failed download is asked for again next time). */
  preload: () => Promise<unknown>;
}

/**
 * A dialog or tool a screen offers but does not show at first (an editor, an
 * export): its code, and the libraries only it uses, download apart from the
 * screen's, so a phone shows the screen sooner. `usePreloadWhenIdle` asks for
 * it once the screen has been drawn, so that it is there when it is opened.
 */
export function lazyLater<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LaterComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const once = () => {
    loading ??= load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return { Component: lazy(once), preload: once };
}

/**
 * How long after the screen is ready its split-off code waits: the first
 * seconds of a page go to its own work (a dashboard's history, live feed and
 * first drawing), which on a slow phone the code's download and evaluation
 * would hold back; a dialog opened before then loads its code when opened.
 */
const SETTLE_MS = 5000;
/** How long an idle moment is then waited for before the code is asked for anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Asks for split-off code (a `LaterComponent`'s `preload`, a module's
 * `import()`) once `ready` (the screen has drawn what it shows first), five
 * seconds after, when the browser is idle, at the latest three seconds later:
 * after the screen's own scripts, first data and drawing, never before them.
 * A failure is left to the first real use, which shows it.
 */
export function usePreloadWhenIdle(
  ready: boolean,
  ...loads: ReadonlyArray<() => Promise<unknown>>
): void {
  useEffect(() => {
    if (!ready) return;
    const run = () => {
      for (const load of loads) load().catch(() => undefined);
    };
    let idle: number | undefined;
    const settled = setTimeout(() => {
      // Without idle callbacks (Safari): at once.
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      else run();
    }, SETTLE_MS);
    return () => {
      clearTimeout(settled);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
    // The loads are module constants: asked for once the screen is ready.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}
