interface Scheduler {
  yield: () => Promise<void>;
}

/**
 * Resolves in a task of its own, after what the browser has waiting (input, a frame): long work
 * awaits it between its steps. `scheduler.yield` where there is one (Chromium), which resumes
 * ahead of other scripts' tasks; otherwise a message to the page itself, which, unlike a
 * timeout, is not held back by the browser's minimum delay.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<Scheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
