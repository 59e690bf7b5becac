import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../../contracts/common.ts';
import { basemapLayers, type BasemapLayer } from '../../../contracts/map.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isNotModified, pickCoding } from '../../lib/precompressed.ts';
import { basemapLayer } from '../../map/basemap.ts';
import { BasemapParams, MapTileParams } from '../../schemas/params.ts';

/** Neither changes while the server runs; a replaced tile file gets new tile URLs (map-tiles.ts). */
const CACHE = 'public, max-age=86400';
const PUBLIC =
  'Public: no sign-in, like GET /api/config. It is the same for everyone and holds no tenant data.';

const Bytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
const GeoJsonResponse = {
  description:
    'A GeoJSON FeatureCollection. Cached for a day, with an ETag; If-None-Match is answered 304.',
  content: { 'application/geo+json': { schema: Bytes } },
};
const TileResponse = {
  description: "The tile's image, with the type the tile file names (PNG, JPEG or WebP).",
  content: Object.fromEntries(
    ['image/png', 'image/jpeg', 'image/webp'].map((type) => [type, { schema: Bytes }]),
  ),
};
/** No body at all (not even `null`, which would give a 304 a Content-Length). */
const Empty = (description: string) => Type.Unsafe<undefined>({ type: 'null', description });

const isBasemapLayer = (layer: string): layer is BasemapLayer =>
  (basemapLayers as readonly string[]).includes(layer);

/**
 * What every map draws on (docs/maps.md): the basemap shipped with Nordlys,
 * and the operator's own raster tiles when MAP_TILES names a local file. Maps
 * must work with no internet, so neither reaches beyond this server.
 */
const mapTiles: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/v2/map/basemap/:layer',
    {
      // Compressed once when converted (lib/precompressed.ts), not again on every request.
      compress: false,
      schema: {
        tags: ['maps'],
        summary: 'A layer of the basemap shipped with Nordlys (Natural Earth, 1:50m)',
        description: `Layers: ${basemapLayers.join(', ')} (countries carry their \`name\`). ${PUBLIC}`,
        security: [],
        params: BasemapParams,
        response: {
          200: GeoJsonResponse,
          304: Empty('Not modified: the ETag in If-None-Match is current'),
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { layer } = request.params;
      if (!isBasemapLayer(layer)) {
        throw new HttpError(
          404,
          `No basemap layer "${layer}" (known: ${basemapLayers.join(', ')})`,
        );
      }
      const answer = await basemapLayer(layer);
      const coding = pickCoding(request.headers['accept-encoding']);
      reply.header('cache-control', CACHE).header('vary', 'Accept-Encoding');
      reply.header('etag', answer.etags[coding]);
      if (isNotModified(request.headers['if-none-match'], answer)) return reply.code(304).send();
      if (coding !== 'identity') reply.header('content-encoding', coding);
      return reply.type('application/geo+json').send(answer.bodies[coding]);
    },
  );

  fastify.get(
    '/v2/map/tiles/:z/:x/:y',
    {
      compress: false,
      schema: {
        tags: ['maps'],
        summary: "A raster tile of the operator's own tile file (MAP_TILES)",
        description:
          'XYZ numbering, y from the north. A tile the file does not hold is answered 204 ' +
          '(maps draw nothing there and show the basemap); 404 when MAP_TILES names no file. ' +
          PUBLIC,
        security: [],
        params: MapTileParams,
        response: {
          200: TileResponse,
          204: Empty('The tile file holds no tile here'),
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { archive } = fastify.mapTiles;
      if (!archive)
        throw new HttpError(404, 'This server has no map tiles: MAP_TILES names no file');
      const { z, x, y } = request.params;
      if (x >= 2 ** z || y >= 2 ** z) throw new HttpError(404, `No tile ${x}/${y} at zoom ${z}`);
      const tile = await archive.tile(z, x, y);
      reply.header('cache-control', CACHE);
      if (!tile) return reply.code(204).send();
      const bytes = Buffer.from(tile.bytes.buffer, tile.bytes.byteOffset, tile.bytes.byteLength);
      return reply.type(tile.contentType).send(bytes);
    },
  );
};

export default mapTiles;
