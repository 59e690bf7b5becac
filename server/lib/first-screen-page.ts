import {
  CONSENT_SPACE_PX,
  DASHBOARD_SCREEN,
  DASHBOARD_SCREEN_MAX_WIDTH,
  FIRST_SCREEN_STYLE_ID,
  type DashboardScreen,
} from '../../contracts/first-screen.ts';

// index.html with a first screen in it: the page as the console renders it, in #root after
// the loading indicator, inert until the console has replaced it, with its CSS rules in the
// head. The build writes the sign-in page's (scripts/first-screen.ts); the server the
// dashboard home's, per request (server/plugins/web.ts).

/** The loading indicator in #root, which a first screen follows. */
const indicator = /(<div id="root">[\s\S]*?<div class="boot-shell"[\s\S]*?<\/svg>\s*<\/div>)/;

/**
 * The rules of a render's styled components, without styled-components' own bookkeeping
 * (`data-styled…{content:…}`, for taking a server render over): each ends with its marker.
 */
export function screenRules(css: string): string[] {
  return css
    .split('/*!sc*/')
    .map((part) => part.trim())
    .filter((rule) => rule !== '' && !rule.startsWith('data-styled'));
}

/** `index` with `markup` after the loading indicator and `style` in the head. */
export function withFirstScreen(
  index: string,
  { style, markup }: { style: string; markup: string },
): string {
  if (!indicator.test(index))
    throw new Error('first-screen: index.html has no loading indicator in #root');
  if (!index.includes('</head>')) throw new Error('first-screen: index.html has no head');
  // A value in the rules (a colour the user chose) cannot end the style element: CSS reads
  // an escaped "<" as the character itself.
  const rules = style.replaceAll('<', '\\3c ');
  return index
    .replace('</head>', () => `<style id="${FIRST_SCREEN_STYLE_ID}">${rules}</style>\n  </head>`)
    .replace(indicator, (shown) => shown + markup);
}

const phone = `(max-width:${DASHBOARD_SCREEN_MAX_WIDTH - 0.02}px)`;
const shown = `html[data-first-screen='${DASHBOARD_SCREEN}']`;

/**
 * index.html with the dashboard home's first screen (src/first-screen/dashboard-home.tsx)
 * in the user's language: shown on a phone's width only, the width it is laid out for;
 * wider, the loading indicator shows until the console has rendered the page.
 */
export function withDashboardScreen(index: string, screen: DashboardScreen): string {
  const style = [
    '.first-screen{display:none}',
    `@media ${phone}{${shown} #root>.boot-shell{display:none}${shown} .first-screen{display:contents}}`,
    // The room the console keeps under the page for the cookie consent bar, while it shows.
    ...(screen.consentBar
      ? [`@media ${phone}{${shown}{--consent-space:${CONSENT_SPACE_PX.narrow}px}}`]
      : []),
    ...screenRules(screen.css),
  ].join('\n');
  const locale = screen.locale === 'en' ? 'en' : 'da';
  const html = index.replace(
    /<html[^>]*>/,
    `<html lang="${locale}" data-first-screen="${DASHBOARD_SCREEN}">`,
  );
  return withFirstScreen(html, {
    style,
    markup: `<div class="first-screen" lang="${locale}" inert>${screen.html}</div>`,
  });
}
