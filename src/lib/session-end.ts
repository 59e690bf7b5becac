const listeners = new Set<() => void>();

/** Something kept for the signed-in session registers here to be let go when it ends. */
export function onSessionEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sign-out, or the server said the session is over. */
export function endSession(): void {
  for (const listener of [...listeners]) listener();
}
