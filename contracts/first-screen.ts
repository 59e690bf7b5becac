// What the server and the console agree on about the sign-in page's first screen, rendered at build time (scripts/first-screen.ts).
/** The page the server sends for /login when the build's first screen fits the host (server/plugins/web.ts). */
export const SIGN_IN_PAGE = 'login.html';
/** The style element (in the head) of the first screen's rules; the console removes it with the first screen. */
export const FIRST_SCREEN_STYLE_ID = 'first-screen';
