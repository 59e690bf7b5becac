import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchWriter } from './batch-writer.ts';

describe('BatchWriter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes what arrives while a batch is written as one next batch, and settles after the write', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const writer = new BatchWriter<number>({
      rows: () => 1,
      lingerMs: 0,
      write: async (items) => {
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    const settled: number[] = [];
    const first = writer.add(1).then(() => settled.push(1));
    await new Promise((r) => setTimeout(r, 5));
    const rest = [2, 3, 4].map((n) => writer.add(n).then(() => settled.push(n)));
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toEqual([]);
    release();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(settled).toEqual([1, 2, 3, 4]);
  });

  it('writes an item added just as the one before it settled', async () => {
    // The next item is added a few promise reactions after the previous one's
    // commit, while the writer is still finishing the batch that held it.
    for (const lingerMs of [0, 2]) {
      for (let hops = 0; hops < 12; hops++) {
        const batches: number[][] = [];
        const writer = new BatchWriter<number>({
          rows: () => 1,
          lingerMs,
          write: async (items) => {
            // As a database answers: on a later turn of the event loop.
            await new Promise((resolve) => setImmediate(resolve));
            batches.push(items);
          },
        });
        const chain = (n: number): Promise<void> => {
          let settled = writer.add(n);
          for (let i = 0; i < hops; i++) settled = settled.then(() => undefined);
          return settled.then(() => (n < 4 ? chain(n + 1) : undefined));
        };
        const written = await Promise.race([
          chain(1).then(() => true),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000)),
        ]);
        expect({ lingerMs, hops, written }).toEqual({ lingerMs, hops, written: true });
        expect(batches.flat()).toEqual([1, 2, 3, 4]);
        await writer.close();
      }
    }
  });

  it('retries a failing database until it recovers, holding new items back when full', async () => {
    vi.useFakeTimers();
    let down = true;
    const attempts: number[][] = [];
    const written: number[] = [];
    const writer = new BatchWriter<number>({
      rows: () => 1,
      lingerMs: 0,
      maxPendingRows: 2,
      write: async (items) => {
        attempts.push([...items]);
        if (down) throw Object.assign(new Error('down'), { code: 'ECONNREFUSED' });
        written.push(...items);
      },
    });
    const a = writer.add(1);
    const b = writer.add(2);
    expect(writer.saturated).toBe(true);
    let thirdCommitted = false;
    const c = writer.add(3).then(() => (thirdCommitted = true));

    // Several retries while the database is down: the third item is not admitted.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(attempts.length).toBeGreaterThan(2);
    expect(attempts.flat()).not.toContain(3);
    expect(writer.pendingRows).toBe(2);
    expect(writer.saturated).toBe(true);
    expect(thirdCommitted).toBe(false);

    down = false;
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all([a, b, c]);
    expect(thirdCommitted).toBe(true);
    expect(written).toEqual([1, 2, 3]);
    expect(writer.pendingRows).toBe(0);
  });

  it('drops only the items the database refuses as bad data', async () => {
    const dropped: number[] = [];
    const written: number[] = [];
    const writer = new BatchWriter<number>({
      rows: () => 1,
      lingerMs: 5,
      write: async (items) => {
        if (items.includes(13)) throw Object.assign(new Error('bad'), { code: '22P02' });
        written.push(...items);
      },
      onDropped: (item) => dropped.push(item),
    });
    await Promise.all([1, 13, 2, 3].map((n) => writer.add(n)));
    expect(dropped).toEqual([13]);
    expect(written.sort()).toEqual([1, 2, 3]);
  });
});
