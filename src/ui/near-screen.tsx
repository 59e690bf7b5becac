import { useRef, type ReactNode } from 'react';
import { useReachedScreen } from '../lib/use-on-screen.ts';

/**
 * Its children once the place they go is on screen or nearly (then kept):
 * what a page shows below its fold is not rendered, nor read from the
 * server, while the page first loads on a slow phone. Where there is no
 * IntersectionObserver, at once.
 */
export function NearScreen({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const reached = useReachedScreen(place);
  return reached ? <>{children}</> : <div ref={place} data-near-screen />;
}
