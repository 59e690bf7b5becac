// What the server and the console agree on about the first screens sent in the HTML: the
// sign-in page's, rendered at build time, and the dashboard home's, rendered per request
// (scripts/first-screen.ts, src/first-screen/, server/plugins/web.ts).
import type { Branding } from './branding.ts';
import type { DashboardList } from './dashboard.ts';
import type { SignedInUser } from './session.ts';

/** The page the server sends for /login when the build's first screen fits the host (server/plugins/web.ts). */
export const SIGN_IN_PAGE = 'login.html';
/** The style element (in the head) of the first screen's rules; the console removes it with the first screen. */
export const FIRST_SCREEN_STYLE_ID = 'first-screen';
/**
 * `data-first-screen` on <html> while the dashboard home's first screen shows (the sign-in
 * page's names its language there instead).
 */
export const DASHBOARD_SCREEN = 'dashboard';
/**
 * The dashboard home's renderer, built for Node beside the console (dist/first-screen/ next
 * to dist/web/): the server loads it at start when it is there.
 */
export const DASHBOARD_RENDERER = 'dashboard-home.js';
/** Below this width the dashboard home's first screen shows: a phone's, laid out as the console lays it out. */
export const DASHBOARD_SCREEN_MAX_WIDTH = 600;

/**
 * The room the console keeps free under the page for the cookie consent bar
 * (`--consent-space`, measured by src/routes/-components/cookie-consent.tsx
 * once it runs): the bar is two rows high below 600 px and one row from
 * there, in both languages (measured on the built sign-in page at 320–1920 px,
 * 1 Dec 2026). Kept here too, so that a first screen lays the page out
 * where the console will, instead of moving it when it takes over.
 */
export const CONSENT_SPACE_PX = { narrow: 148, wide: 98 };

/** A first screen: its markup, as the console renders it into #root, and its CSS rules. */
export interface RenderedScreen {
  html: string;
  css: string;
}

/** What the dashboard home's first screen shows: the API's own answers to the signed-in caller. */
export interface DashboardScreenInput {
  user: SignedInUser;
  branding: Branding;
  dashboards: DashboardList;
  /** The page's URL: its path and search (the dashboard shown, the period). */
  url: string;
}

export interface DashboardScreen extends RenderedScreen {
  /** The language it is in: the user's. */
  locale: 'da' | 'en';
  /** Whether the cookie consent bar shows in it (the user has not consented yet). */
  consentBar: boolean;
}

/** What dist/first-screen/dashboard-home.js exports. */
export interface DashboardScreenRenderer {
  renderDashboardHome(input: DashboardScreenInput): Promise<DashboardScreen>;
}
