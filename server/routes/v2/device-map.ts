import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeList, type Actor } from '../../access/access.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { deviceMapRepository } from '../../repositories/device-map-repository.ts';
import type { DeviceFilter } from '../../repositories/device-repository.ts';
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

/** The device list's filter (GET /v2/devices) in the caller's organisations, from a map's query. */
function filterOf(actor: Actor, query: MapDeviceQuery): DeviceFilter {
  return {
    orgs: scopeList(actor),
    search: query.q?.trim(),
    registryId: query.registryId,
    deviceTypeId: query.deviceTypeId,
    projectId: query.projectId,
    status: query.status,
    communication: query.communication,
    ...(query.ids ? { ids: query.ids.split(',').map(Number) } : {}),
  };
}

/** The period of a values read: forwards, and not longer than MAP_VALUES_MAX_DAYS. */
function periodOf(query: MapValueQuery): { from: Date; to: Date } {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (from > to) throw new HttpError(400, 'from must not be after to');
  if (to.getTime() - from.getTime() > MAP_VALUES_MAX_DAYS * DAY_MS)
    throw new HttpError(400, `The period from to to may span at most ${MAP_VALUES_MAX_DAYS} days`);
  return { from, to };
}

/**
 * What maps draw (docs/maps.md): the calibrated devices with a place that the
 * caller may see, filtered as the device list is, and one number per device
 * for a key over a period. Uncalibrated devices are never returned (spec §4).
 */
const deviceMap: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = deviceMapRepository(fastify.db);
  const guard = fastify.guard({ resource: 'device', privilege: 'list' });

  fastify.get(
    '/v2/devices/map',
    {
      preHandler: guard,
      schema: {
        tags: ['devices', 'maps'],
        summary: 'The calibrated devices with a position that you can see, for a map',
        description: `Filtered as GET /v2/devices is (q searches names and unique names). At most ${MAP_DEVICES_MAX} devices, by id; \`truncated\` says when there are more, \`total\` how many. Uncalibrated devices and devices without a position are never in.`,
        security: [{ bearer: [] }],
        querystring: MapDeviceQuery,
        response: { 200: MapDeviceList, ...errors },
      },
    },
    async (request) => {
      const filter = filterOf(requireActor(request), request.query);
      const { devices, total } = await repo.points(filter, MAP_DEVICES_MAX);
      return { items: devices, total, truncated: total > devices.length };
    },
  );

  fastify.get(
    '/v2/devices/map/values',
    {
      preHandler: guard,
      schema: {
        tags: ['devices', 'maps'],
        summary: 'One number per device on your map for a data key over a period',
        description: `A heat map's weights, a map chart's values: the mean (default), sum, lowest, highest or latest numeric value of \`key\` in [from, to] (at most ${MAP_VALUES_MAX_DAYS} days), for the devices GET /v2/devices/map would give with the same filters, and how many readings it stands for. Devices with no value are left out.`,
        security: [{ bearer: [] }],
        querystring: MapValueQuery,
        response: { 200: MapValueList, ...errors },
      },
    },
    async (request) => {
      const { key, aggregate = 'avg' } = request.query;
      const { from, to } = periodOf(request.query);
      const filter = filterOf(requireActor(request), request.query);
      const items = await repo.values(filter, key, from, to, aggregate);
      return { key, aggregate, from: from.toISOString(), to: to.toISOString(), items };
    },
  );
};

export default deviceMap;
