import { vi } from 'vitest';

/**
 * happy-dom lays nothing out: here every element is `width` px wide, read
 * directly (clientWidth) and as a ResizeObserver reports it when it starts
 * observing (src/lib/use-element-size.ts), as a browser does. Undone by
 * `vi.restoreAllMocks()` and `vi.unstubAllGlobals()`.
 */
export function layOut(width: number): void {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: (entries: { contentRect: DOMRectReadOnly }[]) => void) {}
      observe(target: Element) {
        this.report([{ contentRect: new DOMRect(0, 0, width, target.clientHeight) }]);
      }
      unobserve() {}
      disconnect() {}
    },
  );
}
