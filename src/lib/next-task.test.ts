import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task.ts';

describe('nextTask', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'scheduler');
  });

  it('resolves in a later task, not among the promises of the current one', async () => {
    let resumed = false;
    const waiting = nextTask().then(() => {
      resumed = true;
    });
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(resumed).toBe(false);
    await waiting;
    expect(resumed).toBe(true);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldNow = vi.fn(() => Promise.resolve());
    Object.assign(globalThis, { scheduler: { yield: yieldNow } });
    await nextTask();
    expect(yieldNow).toHaveBeenCalledOnce();
  });
});
