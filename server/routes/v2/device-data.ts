import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { historyReader } from '../../history/read-history.ts';
import { requireActor } from '../../plugins/auth.ts';
import { errors } from '../../../contracts/common.ts';
import {
  History,
  HistoryBatch,
  HistoryBatchAnswer,
  HistoryQuery,
  type Statistic,
} from '../../../contracts/history.ts';
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

  // Each read runs as its own GET would, as the caller (resolved once for the batch): the same
  // checks of the device's organisation and the range, and the same answer, whose JSON is
  // passed on as the server wrote it.
  const HISTORY_PATH = '/api/v2/devicedata-clean/';
  const passedHeaders = ['x-whitelabel-host', 'accept-language'];
  fastify.post(
    '/v2/devicedata-batch',
    {
      schema: {
        tags: ['device data'],
        security: [{ bearer: [] }],
        summary: 'Several history reads at once, each answered as its own GET would be',
        body: HistoryBatch,
        response: { 200: HistoryBatchAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request, { scopedTokens: true });
      const lent = fastify.lendActor(actor);
      const headers: Record<string, string> = { accept: 'application/json', ...lent.headers };
      for (const name of passedHeaders) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      try {
        const answers = await Promise.all(
          request.body.requests.map(async ({ id, url }) => {
            // Resolved first: a path that climbs out of the history route (`..`) is no history read.
            const target = new URL(url, 'http://nordlys.invalid');
            if (!target.pathname.startsWith(HISTORY_PATH))
              return answerJson(id, 400, JSON.stringify(notAHistoryRead));
            const answer = await fastify.inject({
              method: 'GET',
              url: target.pathname + target.search,
              headers,
            });
            const json = String(answer.headers['content-type'] ?? '').startsWith(
              'application/json',
            );
            return answerJson(
              id,
              answer.statusCode,
              json && answer.payload ? answer.payload : 'null',
            );
          }),
        );
        // The answers' bodies are JSON already: written around them, not parsed and written
        // again. Fastify sends a string with a JSON content type as it is; the text spells a
        // HistoryBatchAnswer, which is what the route's schema documents.
        const text: unknown = `{"responses":[${answers.join(',')}]}`;
        return reply.type('application/json; charset=utf-8').send(text as HistoryBatchAnswer);
      } finally {
        lent.release();
      }
    },
  );
};

const notAHistoryRead = { statusCode: 400, error: 'Bad Request', message: 'Not a history read' };

/** One answer of a batch (HistoryBatchAnswer's item) around a body that is JSON text. */
const answerJson = (id: string, status: number, body: string) =>
  `{"id":${JSON.stringify(id)},"status":${status},"body":${body}}`;

export default deviceDataRoutes;
