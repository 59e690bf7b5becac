import { useLayoutEffect, useState, type RefObject } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/**
 * An element's size in whole pixels: measured once as it mounts, before the
 * browser paints, then kept up to date by a ResizeObserver. Until then it is
 * `initial` (what its parent measured for it), else 0 × 0. Meant for frames
 * without padding or border (a chart's box): the first measurement is the
 * element's box, the observer's its content box.
 */
export function useElementSize(
  ref: RefObject<Element | null>,
  initial?: ElementSize | undefined,
): ElementSize {
  const [size, setSize] = useState<ElementSize>(() => initial ?? { width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const take = (width: number, height: number) =>
      setSize((was) => {
        const next = { width: Math.floor(width), height: Math.floor(height) };
        return was.width === next.width && was.height === next.height ? was : next;
      });
    // Read in the commit that mounts it: every chart of a wall mounting together reads its
    // size from one layout, and asks for its data in the same task rather than a frame later.
    const box = element.getBoundingClientRect();
    take(box.width, box.height);
    if (typeof ResizeObserver !== 'function') return;
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
