import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenGroup, keptApart, moduleFile } from './scripts/chunk-groups.ts';
import { firstScreen } from './scripts/first-screen.ts';
import { precompress } from './scripts/precompress.ts';
import { pureContracts } from './scripts/pure-contracts.ts';
import { routePreloads } from './scripts/route-preloads.ts';

/** The API's reads (not its writes, nor the reads built on the live feed). */
const startReads =
  /[\\/]src[\\/]api[\\/]((\w|-)+[\\/](keys|queries|filters)|list-query|entity-reads)\.ts$/;

/** What the console's start and the sign-in page load: the dashboard home's chunk stays out of it. */
const signInScreen = [moduleFile('src/main.tsx'), moduleFile('src/routes/login.tsx', true)];

const apiTarget = process.env.NORDLYS_API ?? 'http://localhost:8080';

export default defineConfig({
  // Kept query caches from another build are dropped.
  define: { __BUILD_ID__: JSON.stringify(Date.now().toString(36)) },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes' }),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    // The contracts' schemas the console does not use are left out of its build.
    pureContracts(),
    VitePWA({
      registerType: 'prompt',
      // The server serves a manifest per host (white-label), so none is generated here.
      manifest: false,
      injectRegister: false,
      workbox: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,woff2}'],
        // The server sends login.html only to hosts its first screen fits (server/plugins/web.ts);
        // precached, it would answer /login everywhere (workbox's clean URLs): index.html does.
        globIgnores: ['**/node_modules/**/*', 'login.html'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/metrics/, /^\/mqtt/, /^\/manifest\.webmanifest/],
        cleanupOutdatedCaches: true,
      },
    }),
    // The scripts of the first screen of the sign-in page, the dashboard home and a wall
    // display, asked for by public/boot.js as the page opens rather than after the start
    // scripts ran.
    routePreloads({
      routes: {
        '/login': ['src/routes/login.tsx'],
        '/dashboard': [
          'src/routes/_app.tsx',
          'src/routes/_app.dashboard.tsx',
          'src/features/dashboards/page/dashboards-page.tsx',
        ],
        '/dashboard?kiosk': [
          'src/routes/_app.tsx',
          'src/routes/_app.dashboard.tsx',
          'src/features/dashboards/page/kiosk-view.tsx',
        ],
      },
      locales: { da: 'src/locales/da/messages.po', en: 'src/locales/en/messages.po' },
    }),
    // login.html: the sign-in page's first screen rendered into the HTML (src/first-screen/).
    firstScreen(),
    keptApart(['dashboard-home', 'libraries'], signInScreen),
    // Brotli and gzip copies of the built files, which the server sends (server/plugins/web.ts).
    precompress(),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The console's core libraries in one chunk, and the small shared chunks
        // merged: fewer requests before the first screen (docs/performance.md).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              // Tables and virtual lists load with the lists, not on the sign-in page.
              test: /node_modules[\\/]((react|react-dom|scheduler|styled-components|stylis|@emotion|@lingui|use-sync-external-store|tiny-invariant|tiny-warning|cookie-es|seroval|seroval-plugins)[\\/]|@tanstack[\\/](?!(table-core|react-table|virtual-core|react-virtual)[\\/]))/,
              priority: 3,
            },
            {
              // Route definitions (not their split-off components) and the API's reads their
              // loaders use: the route tree imports them all at start. The signed-in shell's
              // parts (src/routes/-components), the API's writes and the reads that follow
              // the live feed (streams/: the socket, the state machines) load with the pages
              // that use them, not on the sign-in page.
              name: 'routes',
              test: (id: string) =>
                !id.includes('tsr-split') &&
                (/[\\/]src[\\/]routes[\\/][^\\/]+\.tsx$/.test(id) || startReads.test(id)),
              priority: 2,
            },
            {
              // The icons every page uses, in one script, not one request each.
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
              priority: 1,
            },
            {
              // The signed-in pages' libraries (dates, menus, chart maths), in one script rather
              // than a shared chunk for each set of pages using a part of one.
              name: 'libraries',
              test: /node_modules[\\/](date-fns|@date-fns|d3-[a-z-]+|internmap|radix-ui|@radix-ui|@floating-ui)[\\/]/,
              priority: 1,
            },
            // The signed-in shell and the dashboard home: what a user sees after signing in, in
            // one script rather than some forty small ones.
            firstScreenGroup({
              name: 'dashboard-home',
              entries: [
                moduleFile('src/routes/_app.tsx', true),
                moduleFile('src/routes/_app.dashboard.tsx', true),
                moduleFile('src/features/dashboards/page/dashboards-page.tsx'),
              ],
              except: signInScreen,
              priority: 0,
            }),
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/mqtt': { target: apiTarget, ws: true },
    },
  },
});
