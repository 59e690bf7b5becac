import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedGet, type BatchAnswer } from './batched-get.ts';

afterEach(() => {
  vi.useRealTimers();
});

function setUp(answer: (path: string) => BatchAnswer = (path) => ({ status: 200, body: path })) {
  const single = vi.fn((path: string) => Promise.resolve(`single ${path}`));
  const send = vi.fn((paths: readonly string[]) => Promise.resolve(paths.map(answer)));
  const get = batchedGet({
    single,
    send,
    failure: (a) => new Error(`failed ${a.status}`),
    max: 3,
  });
  return { single, send, get };
}

describe('batched history reads', () => {
  it('sends the reads of one task as one batch and settles each with its own answer', async () => {
    const { get, send, single } = setUp();
    const reads = ['/a', '/b', '/c'].map((path) => get(path));
    expect(await Promise.all(reads)).toEqual(['/a', '/b', '/c']);
    expect(send.mock.calls).toEqual([[['/a', '/b', '/c']]]);
    expect(single).not.toHaveBeenCalled();
  });

  it('sends a read alone as its own GET, and more than the most per batch in several', async () => {
    const { get, send, single } = setUp();
    await expect(get('/alone')).resolves.toBe('single /alone');
    expect(single).toHaveBeenCalledWith('/alone', undefined);
    expect(send).not.toHaveBeenCalled();
    await Promise.all(['/1', '/2', '/3', '/4', '/5'].map((path) => get(path)));
    expect(send.mock.calls).toEqual([[['/1', '/2', '/3']], [['/4', '/5']]]);
  });

  it('fails only the read the server refused, with its status', async () => {
    const { get } = setUp((path) =>
      path === '/foreign'
        ? { status: 404, body: { message: 'gone' } }
        : { status: 200, body: path },
    );
    const [mine, foreign] = [get('/mine'), get('/foreign')];
    await expect(mine).resolves.toBe('/mine');
    await expect(foreign).rejects.toThrow('failed 404');
  });

  it('leaves a read cancelled before sending out of the batch', async () => {
    const { get, send } = setUp();
    const controller = new AbortController();
    const cancelled = get('/cancelled', controller.signal);
    const kept = [get('/x'), get('/y')];
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    await Promise.all(kept);
    expect(send.mock.calls).toEqual([[['/x', '/y']]]);
  });

  it('lets go of a long-lived signal once its read has settled', async () => {
    const { get } = setUp();
    const signal = new AbortController().signal;
    const added = vi.spyOn(signal, 'addEventListener');
    const removed = vi.spyOn(signal, 'removeEventListener');
    await Promise.all([get('/a', signal), get('/b', signal)]);
    expect(added).toHaveBeenCalledTimes(2);
    expect(removed.mock.calls.map(([, listener]) => listener)).toEqual(
      added.mock.calls.map(([, listener]) => listener),
    );
  });

  it('fails every read of a batch the server did not answer', async () => {
    const single = vi.fn();
    const get = batchedGet({
      single,
      send: () => Promise.reject(new Error('offline')),
      failure: () => new Error('no'),
      max: 50,
    });
    const reads = [get('/a'), get('/b')];
    for (const read of reads) await expect(read).rejects.toThrow('offline');
  });
});
