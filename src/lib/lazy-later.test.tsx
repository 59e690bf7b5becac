import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyLater, usePreloadWhenIdle } from './lazy-later.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module that loads when `resolve` is called, or fails when `reject` is. */
function deferredModule() {
  const calls: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<{ Greeting: typeof Greeting }>((resolve, reject) => {
        calls.push({ resolve: () => resolve({ Greeting }), reject });
      }),
  );
  return { load, calls };
}

describe('lazyLater', () => {
  it('asks for the code once, however often it is preloaded and rendered', async () => {
    const { load, calls } = deferredModule();
    const later = lazyLater(load, (module) => module.Greeting);
    expect(load).not.toHaveBeenCalled();
    void later.preload();
    void later.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <later.Component name="Lobby" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => calls[0]?.resolve());
    expect(await screen.findByText('Hello Lobby')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed download', async () => {
    const { load, calls } = deferredModule();
    const later = lazyLater(load, (module) => module.Greeting);
    const first = later.preload();
    calls[0]?.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    const second = later.preload();
    expect(load).toHaveBeenCalledTimes(2);
    calls[1]?.resolve();
    await expect(second).resolves.toEqual({ default: Greeting });
  });
});

describe('usePreloadWhenIdle', () => {
  it('asks for nothing until the screen is ready, then at the next idle moment five seconds on', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The browser is idle 50 ms after it is asked.
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 50));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
    const load = vi.fn(() => Promise.resolve());
    function Screen({ ready }: { ready: boolean }) {
      usePreloadWhenIdle(ready, load);
      return null;
    }
    const { rerender } = render(<Screen ready={false} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(load).not.toHaveBeenCalled();
    rerender(<Screen ready />);
    // The screen's own first seconds are left to it.
    act(() => vi.advanceTimersByTime(4990));
    expect(load).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(40));
    expect(load).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(20));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing once the screen has gone', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 50));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
    const load = vi.fn(() => Promise.resolve());
    function Screen() {
      usePreloadWhenIdle(true, load);
      return null;
    }
    const { unmount } = render(<Screen />);
    act(() => vi.advanceTimersByTime(5020));
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(load).not.toHaveBeenCalled();
  });

  it('asks after the same five seconds where the browser has no idle callbacks', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestIdleCallback', undefined);
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    function Screen() {
      usePreloadWhenIdle(true, load);
      return null;
    }
    render(<Screen />);
    act(() => vi.advanceTimersByTime(4990));
    expect(load).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(10));
    // A failed download is left to the first real use: nothing is thrown here.
    expect(load).toHaveBeenCalledTimes(1);
  });
});
