import { useEffect, useState, type RefObject } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/**
 * An element's size in whole pixels, kept up to date by a ResizeObserver:
 * `initial` (what its parent measured for it) until the observer answers,
 * else 0 × 0.
 */
export function useElementSize(
  ref: RefObject<Element | null>,
  initial?: ElementSize | undefined,
): ElementSize {
  const [size, setSize] = useState<ElementSize>(() => initial ?? { width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const take = (width: number, height: number) =>
      setSize((was) => {
        const next = { width: Math.floor(width), height: Math.floor(height) };
        return was.width === next.width && was.height === next.height ? was : next;
      });
    // The observer reports the first size too, after the browser's own layout: reading
    // clientWidth here would force a layout for every chart of a wall as it mounts.
    if (typeof ResizeObserver !== 'function')
      return take(element.clientWidth, element.clientHeight);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) take(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** An element's width in whole pixels (0 until measured). */
export function useElementWidth(ref: RefObject<Element | null>): number {
  return useElementSize(ref).width;
}
