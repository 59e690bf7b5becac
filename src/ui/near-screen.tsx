import { useRef, useState, type ReactNode } from 'react';
import { useOnScreenState } from '../lib/use-on-screen.ts';

/**
 * Its children once the place they go is on screen or nearly (then kept):
 * what a page shows below its fold is not rendered, nor read from the
 * server, while the page first loads on a slow phone. Where there is no
 * IntersectionObserver, at once.
 */
export function NearScreen({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useOnScreenState(place);
  const [reached, setReached] = useState(false);
  if (near && !reached) setReached(true);
  const shown = reached || near === true || typeof IntersectionObserver !== 'function';
  return shown ? <>{children}</> : <div ref={place} data-near-screen />;
}
