import { useEffect, useState } from 'react';

/**
 * Re-renders every `ms` while `active`, so a sliding window's axis moves with
 * the clock; on becoming active it catches up at once.
 */
export function useNow(active: boolean, ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const catchUp = setTimeout(tick, 0);
    const timer = setInterval(tick, ms);
    return () => {
      clearTimeout(catchUp);
      clearInterval(timer);
    };
  }, [active, ms]);
  return now;
}
