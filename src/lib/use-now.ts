import { startTransition, useEffect, useState } from 'react';
import { subscribeTick } from './clock-ticks.ts';

/**
 * Re-renders every `ms` while `active`, so a sliding window's axis moves with
 * the clock: at the whole multiples of `ms` on the wall clock, in the same
 * task as every other clock of the page with the same beat (clock-ticks.ts).
 * The re-render is a transition: a wall's graphs ticking together render in
 * slices that a live point, drawn at once, does not wait behind. On becoming
 * active with a clock older than `ms` it catches up at once.
 */
export function useNow(active: boolean, ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    // A clock just read (a graph mounting) waits for its beat; one left behind catches up.
    const catchUp = setTimeout(() => setNow((was) => (Date.now() - was >= ms ? Date.now() : was)));
    const unsubscribe = subscribeTick(ms, (tick) => startTransition(() => setNow(tick)));
    return () => {
      clearTimeout(catchUp);
      unsubscribe();
    };
  }, [active, ms]);
  return now;
}
