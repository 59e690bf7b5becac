import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useNow', () => {
  it('ticks on whole seconds of the wall clock, every clock of the page at once', () => {
    vi.useFakeTimers({ now: 1_700_000_000_300 });
    const seen: Record<string, number[]> = { a: [], b: [] };
    // The times each clock showed (committed), in order.
    function Clock({ name }: { name: 'a' | 'b' }) {
      const now = useNow(true, 1000);
      useEffect(() => {
        seen[name]?.push(now);
      }, [name, now]);
      return null;
    }
    render(
      <>
        <Clock name="a" />
        <Clock name="b" />
      </>,
    );
    // A clock just read does not render again to catch up.
    act(() => vi.advanceTimersByTime(600));
    expect(seen.a).toEqual([1_700_000_000_300]);
    act(() => vi.advanceTimersByTime(100));
    expect(seen.a).toEqual([1_700_000_000_300, 1_700_000_001_000]);
    expect(seen.b).toEqual([1_700_000_000_300, 1_700_000_001_000]);
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(1000));
    expect(seen.a?.slice(2)).toEqual([1_700_000_002_000, 1_700_000_003_000]);
  });

  it('stands still while inactive and catches up at once when active again', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const seen: number[] = [];
    function Clock({ active }: { active: boolean }) {
      const now = useNow(active, 1000);
      useEffect(() => {
        seen.push(now);
      }, [now]);
      return null;
    }
    const { rerender } = render(<Clock active={false} />);
    act(() => vi.advanceTimersByTime(5_500));
    expect(seen).toEqual([1_700_000_000_000]);
    rerender(<Clock active />);
    act(() => vi.advanceTimersByTime(1));
    expect(seen).toEqual([1_700_000_000_000, 1_700_000_005_500]);
    expect(vi.getTimerCount()).toBe(1);
  });
});
