/**
 * An item of this browser's local or session storage, or null where there is
 * none to read: a locked-down browser that refuses storage, or the build's
 * render of the sign-in page's first screen (src/first-screen/), which runs
 * outside a browser as a first visit would see the page.
 */
export function storedItem(kind: 'local' | 'session', key: string): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return (kind === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}
