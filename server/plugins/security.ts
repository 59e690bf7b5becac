import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers. The CSP allows what the console needs and nothing more:
 * its own scripts, inline styles (styled-components), images and tiles over
 * https (and from the plain-http tile server MAP_TILES may name, as on a
 * site network), and WebSocket connections back to this origin (live feed, MQTT).
 */
export default fp(
  async (fastify) => {
    const tiles = fastify.config.mapTiles;
    const tileOrigin =
      tiles?.kind === 'url' && /^http:/i.test(tiles.url)
        ? [new URL(tiles.url.replace(/\{[a-z-]+\}/g, '0')).origin]
        : [];
    await fastify.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...tileOrigin],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:', 'https:', ...tileOrigin],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      // Allows map tiles and avatars from other origins.
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    });
  },
  { name: 'security' },
);
