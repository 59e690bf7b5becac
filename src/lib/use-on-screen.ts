import { useEffect, useState, type RefObject } from 'react';

/** How far outside the viewport a chart still counts as on screen, so scrolling finds it drawn. */
const MARGIN = '200px 0px';

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
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setOnScreen(entry.isIntersecting);
      },
      { rootMargin: MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}
