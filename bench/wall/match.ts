import { percentile } from '../setup.ts';
import type { DrawnSample, FeedFrame } from './in-page.ts';

const ms = (value: number) => value.toFixed(1);

/** Values by name, each list sorted when read. */
class Spans {
  private readonly lists = new Map<string, number[]>();
  add(name: string, value: number): void {
    const list = this.lists.get(name) ?? [];
    list.push(value);
    this.lists.set(name, list);
  }
  count(name: string): number {
    return this.lists.get(name)?.length ?? 0;
  }
  at(name: string, p: number): string {
    const list = (this.lists.get(name) ?? []).slice().sort((a, b) => a - b);
    return ms(p === 100 ? (list.at(-1) ?? NaN) : percentile(list, p));
  }
}

/**
 * Each probe's way to the screen from its publish (its `ts`): to ingest's
 * `received` in the server (decoded, handed to the live feed ahead of its
 * commit; `received`: ts → when), to the feed frame that carried it into the
 * page (its time as the frame's ISO text), to the first `data-last-drawn`
 * that reached it (drawn on the canvas) and to the frame painted after that;
 * and received → drawn, the part of the live feed and the page without the
 * broker. A probe never drawn is missed.
 */
export function probeLatencies(
  published: readonly number[],
  received: ReadonlyMap<number, number>,
  samples: readonly DrawnSample[],
  frames: readonly FeedFrame[],
) {
  const inOrder = samples.slice().sort((a, b) => a.at - b.at);
  const spans = new Spans();
  for (const ts of published) {
    const arrived = received.get(ts);
    if (arrived !== undefined) spans.add('received', arrived - ts);
    const time = `"${new Date(ts).toISOString()}"`;
    const frame = frames.find((f) => f.text.includes(time));
    if (frame) spans.add('feed', frame.at - ts);
    const sample = inOrder.find((s) => s.value >= ts);
    if (!sample) continue;
    spans.add('drawn', sample.at - ts);
    if (arrived !== undefined) spans.add('after received', sample.at - arrived);
    if (sample.paintedAt !== null) spans.add('painted', sample.paintedAt - ts);
  }
  return {
    probes: published.length,
    missed: published.length - spans.count('drawn'),
    'received p50/p99 ms': `${spans.at('received', 50)} / ${spans.at('received', 99)}`,
    'feed p50/p99 ms': `${spans.at('feed', 50)} / ${spans.at('feed', 99)}`,
    'p50 ms': spans.at('drawn', 50),
    'p95 ms': spans.at('drawn', 95),
    'p99 ms': spans.at('drawn', 99),
    'max ms': spans.at('drawn', 100),
    'painted p99 ms': spans.at('painted', 99),
    'received → drawn p50/p99 ms': `${spans.at('after received', 50)} / ${spans.at('after received', 99)}`,
  };
}
