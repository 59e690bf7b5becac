import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import address from './address.ts';
import calendar from './calendar.ts';
import cloudFunctions from './cloud-functions.ts';
import collections from './collections.ts';
import dashboards from './dashboards.ts';
import deviceData from './device-data.ts';
import deviceForward from './device-forward.ts';
import deviceMap from './device-map.ts';
import devicePictures from './device-pictures.ts';
import devices from './devices.ts';
import functionSeries from './function-series.ts';
import mapTiles from './map-tiles.ts';
import deviceTypes from './device-types.ts';
import projects from './projects.ts';
import registries from './registries.ts';
import search from './search.ts';
import weather from './weather.ts';

/**
 * The device domain (spec §7 "Devices, registries, device types, functions")
 * the global search and per-user dashboards, as one plugin. Paths carry no `/api` prefix: the app
 * registers this under `/api`, after the auth plugin whose guard it uses.
 */
const v2Routes: FastifyPluginAsyncTypebox = async (fastify) => {
  for (const routes of [
    registries,
    deviceTypes,
    deviceMap,
    devices,
    devicePictures,
    deviceForward,
    cloudFunctions,
    projects,
    collections,
    search,
    deviceData,
    functionSeries,
    dashboards,
    address,
    calendar,
    weather,
    mapTiles,
  ]) {
    await fastify.register(routes);
  }
};

export default v2Routes;
