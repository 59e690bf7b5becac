import fp from 'fastify-plugin';
import { ConfigError } from '../config.ts';
import { openMapTiles, type MapTiles } from '../map/map-tiles.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Maps' own tiles (MAP_TILES): what the console is told, and the file served, if any. */
    mapTiles: MapTiles;
  }
}

/**
 * Opens the operator's tile file (MAP_TILES) before anything else starts, so
 * a file that is no tile archive stops the server with a message that names
 * MAP_TILES, as any other bad setting does.
 */
export default fp(
  async (fastify) => {
    const setting = fastify.config.mapTiles;
    let tiles: MapTiles;
    try {
      tiles = await openMapTiles(setting, fastify.config.serviceUrls.core);
    } catch (error) {
      const file = setting && setting.kind !== 'url' ? setting.path : '';
      throw new ConfigError([
        `MAP_TILES names ${file}, which Nordlys cannot serve: ${(error as Error).message}`,
      ]);
    }
    if (setting?.kind === 'url' && tiles.config?.attribution === '') {
      fastify.log.warn(
        'MAP_TILES_ATTRIBUTION is not set: most tile services require their credit on the map',
      );
    }
    fastify.decorate('mapTiles', tiles);
    fastify.addHook('onClose', async () => {
      await tiles.archive?.close();
    });
  },
  { name: 'map-tiles', dependencies: ['config'] },
);
