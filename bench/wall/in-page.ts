// What the wall bench runs inside the kiosk page, installed before the
// console's own scripts: it stamps the cold load, a graph's drawn points and
// the live feed's frames for that graph's device. JavaScript in a string:
// tsconfig.server.json, which covers bench/, has no DOM, and tsx compiles
// with keepNames, which wraps inner functions of a function handed to
// Playwright in a `__name` helper the page lacks. Page times are epoch
// milliseconds (performance.timeOrigin + performance.now()), on the clock
// the bench stamps publishes with: same machine, as in bench/latency.bench.ts.

/** When every graph had drawn a point, in ms since navigation began. */
export interface LoadTimes {
  /** The last graph's `data-last-drawn` was set (its canvas drawn). */
  drawn: number;
  /** The first message after the next frame: that frame has been painted. */
  painted: number;
}

/** A change of the watched graph's `data-last-drawn`. */
export interface DrawnSample {
  /** The newest point time drawn (epoch ms). */
  value: number;
  /** When it was set (epoch ms). */
  at: number;
  /** When the frame after it had been painted (epoch ms); null until then. */
  paintedAt: number | null;
}

/** A live feed frame that names the watched device, as it reached the page. */
export interface FeedFrame {
  /** When its WebSocket message event came (epoch ms), before the console handled it. */
  at: number;
  text: string;
}

/** What the script leaves on `globalThis.nordlysWall`. */
export interface WallProbe {
  load: LoadTimes | null;
  samples: DrawnSample[];
  frames: FeedFrame[];
  /**
   * Starts recording a graph's `data-last-drawn`, and the feed's frames that
   * hold `marker`; false when the graph is not on the page.
   */
  watch(graphId: string, marker: string): boolean;
}

const SAMPLES_MAX = 100_000;

/** The script for a wall of `graphs` graphs. */
export const wallProbeScript = (graphs: number) => `(() => {
  const expected = ${graphs};
  const epoch = () => performance.timeOrigin + performance.now();
  const afterNextPaint = (done) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    });
  const drawnAttribute = { attributes: true, attributeFilter: ['data-last-drawn'] };
  const wall = { load: null, samples: [], frames: [], marker: null };
  globalThis.nordlysWall = wall;

  // Live feed frames are stamped by a listener added before the socket's own handler.
  const NativeWebSocket = globalThis.WebSocket;
  globalThis.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const at = epoch();
        const text = typeof event.data === 'string' ? event.data : '';
        if (wall.marker && text.includes(wall.marker) && wall.frames.length < ${SAMPLES_MAX})
          wall.frames.push({ at, text });
      });
    }
  };

  // Cold load: until every graph has drawn a point.
  const loading = new MutationObserver(() => {
    if (document.querySelectorAll('[data-graph] [data-last-drawn]').length < expected) return;
    loading.disconnect();
    const drawn = performance.now();
    afterNextPaint((painted) => { wall.load = { drawn, painted }; });
  });
  loading.observe(document, { subtree: true, childList: true, ...drawnAttribute });

  wall.watch = (graphId, marker) => {
    wall.marker = marker;
    const section = document.querySelector('[data-graph="' + CSS.escape(graphId) + '"]');
    if (!section) return false;
    let last = null;
    new MutationObserver(() => {
      const chart = section.querySelector('[data-last-drawn]');
      const value = chart ? Number(chart.getAttribute('data-last-drawn')) : NaN;
      if (!Number.isFinite(value) || value === last || wall.samples.length >= ${SAMPLES_MAX}) return;
      last = value;
      const sample = { value, at: epoch(), paintedAt: null };
      wall.samples.push(sample);
      afterNextPaint((painted) => { sample.paintedAt = performance.timeOrigin + painted; });
    }).observe(section, { subtree: true, childList: true, ...drawnAttribute });
    return true;
  };
})();`;
