import { useEffect, useRef, useState } from 'react';
import { useElementSize } from '../lib/use-element-size.ts';
import { useOnScreen } from '../lib/use-on-screen.ts';

/**
 * The width of a chart's frame in whole pixels, kept up to date by a
 * ResizeObserver: attach `ref` to the frame. Until the observer answers it is
 * `initialWidth` (the width its parent measured: a chart handed its data and
 * its width draws in its first render), else 0.
 */
export function useChartSize<E extends HTMLElement = HTMLDivElement>(initialWidth?: number) {
  const ref = useRef<E>(null);
  const { width } = useElementSize(
    ref,
    initialWidth !== undefined && initialWidth > 0 ? { width: initialWidth, height: 0 } : undefined,
  );
  return { ref, width };
}

/**
 * Whether an element is on screen (or within 200 px of it) and its page
 * visible: charts stop their per-frame drawing otherwise. True until the
 * observer first answers, and where there is no observer.
 */
export function useVisible(ref: React.RefObject<Element | null>): boolean {
  const inView = useOnScreen(ref);
  const [pageVisible, setPageVisible] = useState(
    () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  );
  useEffect(() => {
    if (typeof document === 'undefined') return;
    const onChange = () => setPageVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return inView && pageVisible;
}
