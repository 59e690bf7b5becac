import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';

const apiTarget = process.env.NORDLYS_API ?? 'http://localhost:8080';

export default defineConfig({
  // Kept query caches from another build are dropped.
  define: { __BUILD_ID__: JSON.stringify(Date.now().toString(36)) },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes' }),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    VitePWA({
      registerType: 'prompt',
      // The server serves a manifest per host (white-label), so none is generated here.
      manifest: false,
      injectRegister: false,
      workbox: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/metrics/, /^\/mqtt/, /^\/manifest\.webmanifest/],
        cleanupOutdatedCaches: true,
      },
    }),
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
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|styled-components|stylis|@emotion|@lingui|use-sync-external-store|tiny-invariant|tiny-warning|cookie-es|seroval|seroval-plugins)[\\/]/,
              priority: 2,
            },
            {
              // Route definitions (not their split-off components) and the API's reads:
              // the route tree imports them all at start.
              name: 'routes',
              test: (id: string) =>
                /[\\/]src[\\/](routes|api)[\\/]/.test(id) && !id.includes('tsr-split'),
              priority: 1,
            },
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
