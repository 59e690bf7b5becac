import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SIGN_IN_PAGE } from '../../contracts/first-screen.ts';

export interface WebPluginOptions {
  /** The built console (vite build output). */
  root: string;
  /**
   * Whether the sign-in page's first screen the build rendered (login.html)
   * is the page this request would see: it shows Nordlys' own branding and
   * password sign-in only. Without it, /login gets index.html.
   */
  firstScreenFits?: (request: FastifyRequest) => Promise<boolean>;
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
 * it (scripts/first-screen.ts), where that screen is the one the host shows.
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
