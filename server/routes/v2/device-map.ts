import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeList } from '../../access/access.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { deviceRepository, type DeviceFilter } from '../../repositories/device-repository.ts';
import { errors } from '../../../contracts/common.ts';
import {
  MAP_DEVICES_MAX,
  MapDeviceList,
  MapDeviceQuery,
  MapValueList,
  MapValueQuery,
} from '../../../contracts/map.ts';

/** A heat map's or map chart's period spans at most this many days. */
const MAP_VALUES_MAX_DAYS = 400;
const DAY_MS = 86_400_000;

/**
 * What maps draw (docs/maps.md): the calibrated devices with a place that the
 * caller may see, filtered as the device list is, and one number per device
 * for a key over a period. Uncalibrated devices are never returned (spec §4).
 */
const deviceMap: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = deviceRepository(fastify.db);
  const guard = fastify.guard({ resource: 'device', privilege: 'list' });

  const filterOf = (
    request: Parameters<typeof requireActor>[0],
    query: MapDeviceQuery,
  ): DeviceFilter => ({
    orgs: scopeList(requireActor(request)),
    ...(query.q?.trim() ? { search: query.q.trim() } : {}),
    ...(query.registryId !== undefined ? { registryId: query.registryId } : {}),
    ...(query.deviceTypeId !== undefined ? { deviceTypeId: query.deviceTypeId } : {}),
    ...(query.projectId !== undefined ? { projectId: query.projectId } : {}),
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(query.communication !== undefined ? { communication: query.communication } : {}),
    ...(query.ids ? { ids: query.ids.split(',').map(Number) } : {}),
  });

  fastify.get(
    '/v2/devices/map',
    {
      preHandler: guard,
      schema: {
        tags: ['devices', 'maps'],
        summary: 'The calibrated devices with a position that you can see, for a map',
        description: `Filtered as GET /v2/devices is (q searches names). At most ${MAP_DEVICES_MAX} devices, by id; \`truncated\` says when there are more, \`total\` how many.`,
        security: [{ bearer: [] }],
        querystring: MapDeviceQuery,
        response: { 200: MapDeviceList, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await repo.mapPoints(
        filterOf(request, request.query),
        MAP_DEVICES_MAX,
      );
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          uuid: row.uuid,
          name: row.name,
          lat: row.lat,
          lng: row.lng,
          status: row.status,
          locType: row.loc_type,
          address: row.address,
          deviceTypeId: row.device_type_id === null ? null : Number(row.device_type_id),
          registryId: row.registry_id === null ? null : Number(row.registry_id),
        })),
        total,
        truncated: total > rows.length,
      };
    },
  );

  fastify.get(
    '/v2/devices/map/values',
    {
      preHandler: guard,
      schema: {
        tags: ['devices', 'maps'],
        summary: 'One number per device on your map for a data key over a period',
        description: `A heat map's weights, a map chart's values: the mean (default), sum, lowest, highest or latest numeric value of \`key\` in [from, to] (at most ${MAP_VALUES_MAX_DAYS} days), for the devices GET /v2/devices/map would give with the same filters. Devices with no value are left out.`,
        security: [{ bearer: [] }],
        querystring: MapValueQuery,
        response: { 200: MapValueList, ...errors },
      },
    },
    async (request) => {
      const { key, aggregate = 'avg' } = request.query;
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      if (from > to) throw new HttpError(400, '`from` must not be after `to`');
      if (to.getTime() - from.getTime() > MAP_VALUES_MAX_DAYS * DAY_MS)
        throw new HttpError(400, `The period may span at most ${MAP_VALUES_MAX_DAYS} days`);
      const items = await repo.mapValues(
        filterOf(request, request.query),
        key,
        from,
        to,
        aggregate,
      );
      return { key, aggregate, from: from.toISOString(), to: to.toISOString(), items };
    },
  );
};

export default deviceMap;
