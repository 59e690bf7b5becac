import type { ParsedLocation } from '@tanstack/react-router';

/**
 * The router's `scrollRestoration`: on every page after the first, and on the
 * first only where the browser came back to it (a reload, back or forward),
 * where it restores where the page was left. A page just opened is at its
 * top already: setting its scroll there would make the browser lay the whole
 * new page out within the first render's task, a long one on a slow phone.
 */
export function scrollRestorationOnLoad(
  navigation: () => PerformanceEntry | undefined = () =>
    performance.getEntriesByType('navigation')[0],
): (options: { location: ParsedLocation }) => boolean {
  let first = true;
  return () => {
    if (!first) return true;
    first = false;
    const type = (navigation() as PerformanceNavigationTiming | undefined)?.type;
    return type === 'reload' || type === 'back_forward';
  };
}
