import type { FastifyPluginAsync } from 'fastify';
import { brandingRepository } from '../../repositories/branding-repository.ts';
import { brandingHost } from './index.ts';

const NORDLYS_TEAL = '#00796b';

/** The web app manifest follows the host's branding: name, colours and icons. */
const manifest: FastifyPluginAsync = async (fastify) => {
  const repo = brandingRepository(fastify.db);
  fastify.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const row = await repo.get(brandingHost(request));
    const name = row?.title ?? 'Nordlys';
    const icon = row?.favicon ?? row?.logo;
    reply.header('content-type', 'application/manifest+json; charset=utf-8');
    reply.header('cache-control', 'no-cache');
    return {
      name,
      short_name: name.length > 12 ? name.slice(0, 12) : name,
      description: 'IoT devices and their data, live',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      lang: 'da',
      theme_color: row?.colors.primary ?? NORDLYS_TEAL,
      background_color: row?.colors.background ?? '#0b1f2a',
      icons: icon
        ? [{ src: icon, sizes: 'any' }]
        : [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            {
              src: '/icons/icon-512-maskable.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
            { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
          ],
    };
  });
};

export default manifest;
