import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SIGN_IN_PAGE, type DashboardScreen } from '../../contracts/first-screen.ts';
import { withDashboardScreen } from '../lib/first-screen-page.ts';

export interface WebPluginOptions {
  /** The built console (vite build output). */
  root: string;
  /**
   * Whether the sign-in page's first screen the build rendered (login.html)
   * is the page this request would see: it shows Nordlys' own branding and
   * password sign-in only. Without it, /login gets index.html.
   */
  firstScreenFits?: (request: FastifyRequest) => Promise<boolean>;
  /**
   * The dashboard home's first screen for this request: the signed-in caller's page as a
   * phone first shows it (src/first-screen/dashboard-home.tsx), or null (signed out, no
   * dashboards, no renderer built). Without it, /dashboard gets index.html.
   */
  dashboardScreen?: (request: FastifyRequest) => Promise<DashboardScreen | null>;
}

/** The dashboard home, not as a wall display (`kiosk`), which shows no first screen. */
const dashboardHome = /^\/dashboard\/?$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page made for one request, compressed as the browser accepts: brotli at a quality
 * that takes a millisecond or two for a page this size, else gzip. A phone on a slow
 * connection waits for every kilobyte of it before it shows anything.
 */
async function encoded(
  page: string,
  accepted: string,
): Promise<{ body: Buffer; encoding: 'br' | 'gzip' | null }> {
  const body = Buffer.from(page);
  if (/\bbr\b/.test(accepted))
    return {
      body: await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  if (/\bgzip\b/.test(accepted)) return { body: await gzip(body), encoding: 'gzip' };
  return { body, encoding: null };
}

/** The sign-in page, with or without a trailing slash. */
const signInPage = /^\/login\/?$/;

// `/api` itself is the console's API tokens page (spec §2); everything below it is the API.
const notPages = /^\/(api\/|(metrics|mqtt|assets)(\/|$))/;

/** The compressed copies the build writes beside a file (scripts/precompress.ts). */
const compressedCopy = /\.(br|gz)$/;

/**
 * Serves the built console: hashed assets are cached for a year, index.html
 * never, and any other GET that accepts HTML gets index.html so that deep
 * links work (the router decides what to show, including its 404 page).
 * /login gets login.html, index.html with the sign-in page's first screen in
 * it (scripts/first-screen.ts), where that screen is the one the host shows;
 * /dashboard gets index.html with the signed-in user's first screen rendered
 * into it for the request (`dashboardScreen`), where there is one.
 * A browser that accepts brotli or gzip gets the copy the build made
 * (`Content-Encoding`, `Vary: Accept-Encoding`, the original's type).
 */
export default fp<WebPluginOptions>(
  async (fastify, options) => {
    const indexFile = path.join(options.root, 'index.html');
    const signInFile = path.join(options.root, SIGN_IN_PAGE);
    const built = fs.existsSync(indexFile);
    const signInBuilt = fs.existsSync(signInFile);
    if (built) {
      await fastify.register(fastifyStatic, {
        root: options.root,
        index: 'index.html',
        preCompressed: true,
        setHeaders(res, sentPath) {
          const filePath = sentPath.replace(compressedCopy, '');
          // The pages must always be asked for again, so a new version reaches users.
          if (filePath === indexFile || filePath === signInFile)
            res.header('cache-control', 'no-cache');
          else if (filePath.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
          else res.header('cache-control', 'public, max-age=0, must-revalidate');
        },
      });
    } else {
      fastify.log.warn(`The console is not built (${indexFile} is missing): run npm run build`);
    }

    fastify.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !notPages.test(url) &&
        (request.headers.accept ?? '').includes('text/html');
      if (wantsPage && built && dashboardHome.test(url) && options.dashboardScreen) {
        const search = new URLSearchParams(request.url.split('?')[1] ?? '');
        const screen = search.has('kiosk')
          ? null
          : await options.dashboardScreen(request).catch((error: unknown) => {
              // The page works without it: the console renders it once its scripts have run.
              request.log.error({ err: error }, 'the dashboard home’s first screen failed');
              return null;
            });
        if (screen) {
          const index = await fs.promises.readFile(indexFile, 'utf8');
          const { body, encoding } = await encoded(
            withDashboardScreen(index, screen),
            String(request.headers['accept-encoding'] ?? ''),
          );
          // The user's own page: kept by no cache, and never handed to another session.
          reply
            .header('cache-control', 'no-store')
            .header('vary', 'accept-encoding, cookie, host, x-whitelabel-host');
          if (encoding) reply.header('content-encoding', encoding);
          return reply.type('text/html; charset=utf-8').send(body);
        }
      }
      if (wantsPage && built) {
        // Whatever it shows, the sign-in page differs by host (branding) and configuration.
        if (signInPage.test(url)) reply.header('vary', 'accept-encoding, host, x-whitelabel-host');
        const page =
          signInBuilt && signInPage.test(url) && (await options.firstScreenFits?.(request))
            ? SIGN_IN_PAGE
            : 'index.html';
        return reply.type('text/html').sendFile(page);
      }
      return reply.status(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: wantsPage
          ? 'The console is not built. Run npm run build (npm start builds it for you).'
          : `Resource not found: ${request.method} ${url}`,
      });
    });
  },
  { name: 'web' },
);
