import { startTransition, useEffect, useState, type RefObject } from 'react';

/** How far outside the viewport a chart still counts as on screen, so scrolling finds it drawn. */
const MARGIN = '200px 0px';

/**
 * What an element is observed against: the page's scrolling `<main>` (the signed-in
 * shell's) where it is in one, else the viewport. A margin only widens the root: observed
 * against the viewport, what `<main>` clips below its fold would count only once in view.
 */
export function observerRoot(element: Element): Element | null {
  return element.closest('main');
}

/** Observes `element` against its root, widened by the margin; returns what stops it. */
function observe(element: Element, seen: (entries: IntersectionObserverEntry[]) => void) {
  const observer = new IntersectionObserver(seen, {
    root: observerRoot(element),
    rootMargin: MARGIN,
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Whether an element is on screen (or nearly), by IntersectionObserver. True
 * until the observer first answers: a chart in view then starts at once with
 * its live feed and needs no backfill; one below the fold pauses a moment
 * later. Always true where there is no observer.
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  return useOnScreenState(ref) ?? true;
}

/**
 * Whether an element is on screen (or nearly): undefined until the observer
 * first answers (and where there is none).
 */
export function useOnScreenState(ref: RefObject<Element | null>): boolean | undefined {
  const [onScreen, setOnScreen] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    return observe(element, (entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setOnScreen(entry.isIntersecting);
    });
  }, [ref]);
  return onScreen;
}

/**
 * Whether an element has come on screen or nearly (the same margin), once and for
 * good: false until the observer first sees it there, then true whatever
 * scrolls. True at once where there is no IntersectionObserver. What a page
 * shows below its fold waits on it to render, and to read from the server.
 */
export function useReachedScreen(ref: RefObject<Element | null>): boolean {
  const [reached, setReached] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = ref.current;
    if (reached || !element) return;
    return observe(element, (entries) => {
      // What it shows renders as a transition: in slices a slow phone answers input
      // between, not in one task (a dashboard's first graphs, its cards).
      if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setReached(true));
    });
  }, [ref, reached]);
  return reached;
}
