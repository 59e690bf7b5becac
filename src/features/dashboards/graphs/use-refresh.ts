import { useEffect, useState } from 'react';

/**
 * Counts a graph's refreshes: one every `seconds` while it is on screen (0:
 * never), so its history is read again on that interval.
 */
export function useRefresh(seconds: number, active: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!active || seconds <= 0) return;
    const timer = setInterval(() => setCount((n) => n + 1), seconds * 1000);
    return () => clearInterval(timer);
  }, [seconds, active]);
  return count;
}
