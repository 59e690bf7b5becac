import fs from 'node:fs/promises';
import path from 'node:path';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

import {
  CONSENT_SPACE_PX,
  DASHBOARD_RENDERER,
  SIGN_IN_PAGE,
  type RenderedScreen,
} from '../contracts/first-screen.ts';
import { screenRules, withFirstScreen } from '../server/lib/first-screen-page.ts';

/** What src/first-screen/sign-in.tsx exports. */
interface SignInRenderer {
  renderSignIn(locale: Locale, mode: Mode, idPrefix: string): Promise<RenderedScreen>;
}

const LOCALES = ['da', 'en'] as const;
const MODES = ['light', 'dark'] as const;
type Locale = (typeof LOCALES)[number];
type Mode = (typeof MODES)[number];

/** Each mode's rules apply only where the system asks for that mode (the theme before sign-in). */
const MODE_MEDIA: Record<Mode, string> = {
  light: 'not (prefers-color-scheme: dark)',
  dark: '(prefers-color-scheme: dark)',
};

export interface FirstScreen {
  locale: Locale;
  mode: Mode;
  screen: RenderedScreen;
}

const CONSENT_NARROW_MAX_PX = 599.98;

/**
 * The rules that pick the first screen to show: the language public/boot.js
 * names on <html> (`data-first-screen`, set only for a visitor who is not
 * kept signed in), in the system's light or dark mode. Until then, and on
 * any page without one, the loading indicator shows. A stored cookie consent
 * (`data-consented`) hides the consent bar and the room kept for it. The
 * marketing panel's card is one the console picks at random when it starts:
 * the panel shows (where the console shows it), its card once the console does.
 */
function pickingRules(): string {
  const shown = (mode: Mode) =>
    LOCALES.map(
      (locale) =>
        `html[data-first-screen='${locale}'] .first-screen[lang='${locale}'][data-mode='${mode}']`,
    ).join(',');
  const consenting = LOCALES.map(
    (locale) => `html[data-first-screen='${locale}']:not([data-consented])`,
  ).join(',');
  return [
    '.first-screen{display:none}',
    // Only for a language rendered here: for any other the indicator stays.
    LOCALES.map((locale) => `html[data-first-screen='${locale}'] #root>.boot-shell`).join(',') +
      '{display:none}',
    ...MODES.map((mode) => `@media ${MODE_MEDIA[mode]}{${shown(mode)}{display:contents}}`),
    'html[data-consented] .first-screen [data-cookie-consent]{display:none}',
    `${consenting}{--consent-space:${CONSENT_SPACE_PX.wide}px}`,
    `@media (max-width:${CONSENT_NARROW_MAX_PX}px){${consenting}{--consent-space:${CONSENT_SPACE_PX.narrow}px}}`,
    ".first-screen aside[aria-label='marketing']>*{visibility:hidden}",
    // The console shows the panel from 1280 px (src/routes/-components/marketing-panel.tsx).
    "@media (max-width:1279.98px){.first-screen aside[aria-label='marketing']{display:none}}",
  ].join('\n');
}

/**
 * index.html with the first screens in #root, after the loading indicator,
 * each inert (it looks like the page but cannot be used until the console
 * has replaced it), and their rules in the head.
 */
export function withFirstScreens(html: string, screens: readonly FirstScreen[]): string {
  const rules = new Map<Mode, Set<string>>();
  for (const { mode, screen } of screens) {
    const kept = rules.get(mode) ?? new Set<string>();
    for (const rule of screenRules(screen.css)) kept.add(rule);
    rules.set(mode, kept);
  }
  const css = [
    pickingRules(),
    ...[...rules].map(([mode, kept]) => `@media ${MODE_MEDIA[mode]}{\n${[...kept].join('\n')}\n}`),
  ].join('\n');
  const markup = screens
    .map(
      ({ locale, mode, screen }) =>
        `<div class="first-screen" lang="${locale}" data-mode="${mode}" inert>${screen.html}</div>`,
    )
    .join('');
  return withFirstScreen(html, { style: css, markup });
}

/**
 * Writes login.html beside index.html: the same page with the sign-in page's
 * first screen rendered in it by React at build time (src/first-screen/), in
 * each language and in light and dark, so a phone shows the page as soon as
 * the HTML has arrived instead of after the console's scripts have loaded
 * and run (docs/performance.md). Written before the compressed copies are
 * made (scripts/precompress.ts runs at closeBundle).
 */
export function firstScreen(): Plugin {
  let root = process.cwd();
  let outDir = '';
  let configFile: string | undefined;
  return {
    name: 'nordlys:first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    async writeBundle() {
      const { createServer } = await import('vite');
      const server = await createServer({
        root,
        configFile,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        // Its CommonJS build's default export is not `styled` under Node's interop; its ES module one is.
        ssr: { noExternal: ['styled-components'] },
      });
      try {
        const { renderSignIn } = (await server.ssrLoadModule(
          '/src/first-screen/sign-in.tsx',
        )) as SignInRenderer;
        const screens: FirstScreen[] = [];
        for (const locale of LOCALES)
          for (const mode of MODES)
            screens.push({
              locale,
              mode,
              screen: await renderSignIn(locale, mode, `${locale}-${mode}-`),
            });
        const index = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
        await fs.writeFile(path.join(outDir, SIGN_IN_PAGE), withFirstScreens(index, screens));
      } finally {
        await server.close();
      }
      await buildDashboardRenderer(root, path.join(path.dirname(outDir), 'first-screen'));
    },
  };
}

/** The service worker's registration has nothing to do on the server: no update is waiting there. */
const serverServiceWorker = `export function useRegisterSW() {
  return {
    needRefresh: [false, () => {}],
    offlineReady: [false, () => {}],
    updateServiceWorker: () => Promise.resolve(),
  };
}`;

/**
 * Builds the dashboard home's first screen for Node (src/first-screen/dashboard-home.tsx,
 * into `outDir`/dashboard-home.js): the server renders it per request, for the signed-in
 * user (server/plugins/web.ts). The console's own transforms (its texts' macros, JSX);
 * the libraries are the server's node_modules.
 */
async function buildDashboardRenderer(root: string, outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'error',
    define: { __BUILD_ID__: JSON.stringify('first-screen') },
    plugins: [
      babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
      react(),
      lingui(),
      {
        name: 'nordlys:server-service-worker',
        resolveId: (id) => (id === 'virtual:pwa-register/react' ? `\0${id}` : null),
        load: (id) => (id === '\0virtual:pwa-register/react' ? serverServiceWorker : null),
      },
    ],
    // Its CommonJS build's default export is not `styled` under Node's interop; its ES module one is.
    ssr: { noExternal: ['styled-components'] },
    build: {
      ssr: path.join(root, 'src', 'first-screen', 'dashboard-home.tsx'),
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      target: 'node20',
      rolldownOptions: { output: { entryFileNames: DASHBOARD_RENDERER } },
    },
  });
}
