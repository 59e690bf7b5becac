import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { historyReader } from '../../history/read-history.ts';
import { requireActor } from '../../plugins/auth.ts';
import { errors } from '../../../contracts/common.ts';
import { History, HistoryQuery, type Statistic } from '../../../contracts/history.ts';
import { HistoryParams, HistoryStatParams } from '../../schemas/params.ts';

/**
 * Device data history (spec §7 devicedata-clean): one data key of one device
 * over a local time range, as buckets in the organisation's time zone or as
 * the stored points. See docs/live.md for the shape.
 */
const deviceDataRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const reader = historyReader(fastify.db);

  async function history(
    request: Parameters<typeof requireActor>[0],
    input: { deviceId: number; key: string; from: string; to: string; stat: Statistic },
    query: HistoryQuery,
  ): Promise<History> {
    const actor = requireActor(request, { scopedTokens: true });
    return reader.read(
      await reader.resolve(actor, { ...input, timeZone: query.timeZone }),
      input,
      query,
    );
  }

  const schema = {
    tags: ['device data'],
    security: [{ bearer: [] }],
    querystring: HistoryQuery,
    response: { 200: History, ...errors },
  };

  fastify.get(
    '/v2/devicedata-clean/:deviceId/:from/:to/:dataField',
    {
      schema: {
        ...schema,
        summary: 'History of one data key of a device: buckets (average) or raw points',
        params: HistoryParams,
      },
    },
    async (request) =>
      history(
        request,
        { ...request.params, key: request.params.dataField, stat: 'avg' },
        request.query,
      ),
  );

  fastify.get(
    '/v2/devicedata-clean/:deviceId/:key/:from/:to/:dataField',
    {
      schema: {
        ...schema,
        summary: 'History of one data key of a device, with the statistic each bucket’s value is',
        params: HistoryStatParams,
      },
    },
    async (request) =>
      history(request, { ...request.params, stat: request.params.dataField }, request.query),
  );
};

export default deviceDataRoutes;
