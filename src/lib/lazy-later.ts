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

/** How long an idle moment is waited for before the code is asked for anyway. */
const IDLE_TIMEOUT_MS = 3000;
/** Without idle callbacks (Safari): a moment after the screen has drawn. */
const IDLE_FALLBACK_MS = 200;

/**
 * Asks for split-off code (a `LaterComponent`'s `preload`, a module's
 * `import()`) once `ready` (the screen has drawn what it shows first) and the
 * browser is idle, at the latest three seconds later: after the screen's own
 * scripts and first data, never before them. A failure is left to the first
 * real use, which shows it.
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
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(run, IDLE_FALLBACK_MS);
    return () => clearTimeout(id);
    // The loads are module constants: asked for once the screen is ready.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}
