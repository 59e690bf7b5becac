import { FIRST_SCREEN_STYLE_ID } from '../../contracts/first-screen.ts';

// A first screen the server sent in the page's HTML (login.html, or the dashboard home's,
// rendered per request): shown until the console has rendered the page itself.

/** The dashboard home's page, below its shell, from its first screen: see holdFirstScreenPage. */
let held: string | null = null;

/**
 * Keeps the dashboard home's first screen's page (the part below the shell)
 * before the console's first render removes it: the console's shell renders
 * the page only once the live connection is open, and shows this copy, inert,
 * until it does, rather than an empty page for a moment.
 */
export function holdFirstScreenPage(): void {
  held = document.querySelector('.first-screen [data-first-screen-page]')?.innerHTML ?? null;
}

/** The page held from the first screen, until the console has rendered its own. */
export function heldFirstScreenPage(): string | null {
  return held;
}

/** The first screen is gone: its rules, and any page held from it, with it. */
export function firstScreenGone(): void {
  held = null;
  document.getElementById(FIRST_SCREEN_STYLE_ID)?.remove();
  document.documentElement.removeAttribute('data-first-screen');
}
