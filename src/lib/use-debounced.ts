import { useEffect, useState } from 'react';

/** Typing waits this long before a search is asked again. */
const DEBOUNCE_MS = 250;

/** The value after it stopped changing for a moment. */
export function useDebounced(text: string, ms = DEBOUNCE_MS): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}
