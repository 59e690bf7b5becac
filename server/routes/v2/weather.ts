import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireActor } from '../../plugins/auth.ts';
import { weatherRepository } from '../../repositories/weather-repository.ts';
import { createOpenMeteoProvider } from '../../weather/open-meteo.ts';
import { createWeatherService } from '../../weather/weather-service.ts';
import { errors } from '../../../contracts/common.ts';
import { WeatherAnswer, WeatherQuery } from '../../../contracts/weather.ts';

/**
 * Weather for chart tooltips (spec §7, §9; docs/weather.md): the weather at
 * a place in the hour that holds a time, from Open-Meteo through a cache in
 * the database. Served here so browsers need no third-party origin. Provider
 * trouble is logged and answered as no weather, never as an error: the
 * tooltip shows the rest.
 */
const weather: FastifyPluginAsyncTypebox = async (fastify) => {
  const settings = fastify.config.weather;
  const service = settings
    ? createWeatherService({
        provider: createOpenMeteoProvider({
          forecastUrl: settings.url,
          archiveUrl: settings.archiveUrl,
          timeoutMs: settings.timeoutMs,
        }),
        store: weatherRepository(fastify.db),
        log: fastify.log,
      })
    : null;

  fastify.get(
    '/v2/weather',
    {
      schema: {
        tags: ['weather'],
        summary: 'The weather at a place in the hour that holds a time',
        description:
          '`weather` is null when there is none: the provider has no such hour, cannot be ' +
          'reached (WEATHER_TIMEOUT_MS), or weather is turned off (WEATHER_URL=off).',
        security: [{ bearer: [] }],
        querystring: WeatherQuery,
        response: { 200: WeatherAnswer, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      return service ? service.lookup(request.query) : { weather: null };
    },
  );
};

export default weather;
