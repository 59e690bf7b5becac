import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

export interface WebPluginOptions {
  /** The built console (vite build output). */
  root: string;
}

// `/api` itself is the console's API tokens page (spec §2); everything below it is the API.
const notPages = /^\/(api\/|(metrics|mqtt|assets)(\/|$))/;

/** The compressed copies the build writes beside a file (scripts/precompress.ts). */
const compressedCopy = /\.(br|gz)$/;

/**
 * Serves the built console: hashed assets are cached for a year, index.html
 * never, and any other GET that accepts HTML gets index.html so that deep
 * links work (the router decides what to show, including its 404 page).
 * A browser that accepts brotli or gzip gets the copy the build made
 * (`Content-Encoding`, `Vary: Accept-Encoding`, the original's type).
 */
export default fp<WebPluginOptions>(
  async (fastify, options) => {
    const indexFile = path.join(options.root, 'index.html');
    const built = fs.existsSync(indexFile);
    if (built) {
      await fastify.register(fastifyStatic, {
        root: options.root,
        index: 'index.html',
        preCompressed: true,
        setHeaders(res, sentPath) {
          const filePath = sentPath.replace(compressedCopy, '');
          // index.html must always be asked for again, so a new version reaches users.
          if (filePath === indexFile) res.header('cache-control', 'no-cache');
          else if (filePath.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
          else res.header('cache-control', 'public, max-age=0, must-revalidate');
        },
      });
    } else {
      fastify.log.warn(`The console is not built (${indexFile} is missing): run npm run build`);
    }

    fastify.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !notPages.test(url) &&
        (request.headers.accept ?? '').includes('text/html');
      if (wantsPage && built) {
        return reply.type('text/html').sendFile('index.html');
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
