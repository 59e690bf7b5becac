// @ts-check
/* global requestAnimationFrame */
// What the benchmark pages (bench/chart-paint, bench/map-paint) time with, in
// the browser. JavaScript checked by TypeScript through each page's tsconfig.

/** The time of the first message after the next frame: that frame has been painted by then. */
export const afterNextPaint = () =>
  /** @type {Promise<number>} */ (
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      }),
    )
  );
