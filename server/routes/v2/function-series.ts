import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { can, inScope } from '../../access/access.ts';
import {
  FunctionOutputError,
  inputPoints,
  outputPoints,
  type FunctionSeriesInput,
} from '../../history/function-series.ts';
import { historyReader } from '../../history/read-history.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { cloudFunctionRepository } from '../../repositories/cloud-function-repository.ts';
import { FunctionSeriesParams } from '../../schemas/params.ts';
import type { DataKey } from '../../../contracts/list.ts';
import { errors } from '../../../contracts/common.ts';
import { History, HistoryQuery } from '../../../contracts/history.ts';
import { notFound } from './shared.ts';

/** The function's own data keys read besides the graph's, at most. */
const EXTRA_KEYS_MAX = 10;
/** A graph's function may take longer than a decoder: it reads a whole period. */
const LIMITS = { timeoutMs: 5_000, memoryBytes: 64 * 1024 * 1024, maxOutputBytes: 4 * 1024 * 1024 };

/**
 * A device's data through a cloud function, as a graph draws it (a graph
 * source read "by cloud function", docs/dashboards.md): the device's history
 * of the graph's key and of the function's data keys over the range goes in,
 * the function runs in the sandbox, and its output comes back in the
 * history route's shape. Whoever may read the device's data and see the
 * function may draw it.
 */
const functionSeriesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const reader = historyReader(fastify.db);
  const functions = cloudFunctionRepository(fastify.db);

  fastify.get(
    '/v2/devicedata-function/:deviceId/:functionId/:from/:to/:dataField',
    {
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
      schema: {
        tags: ['device data'],
        summary: 'A data key of a device through a cloud function, in the history shape',
        description:
          'main(input) receives the history of the key (and of the function’s data keys) over the range, read as the query asks; a time series function returns [{ time, value }], an average function a number.',
        security: [{ bearer: [] }],
        params: FunctionSeriesParams,
        querystring: HistoryQuery,
        response: { 200: History, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { deviceId, functionId, dataField: key } = request.params;
      const fn = await functions.get(functionId);
      if (!fn || !inScope(actor, fn.org_uuid)) throw notFound();
      if (!can(actor, 'cloudfunction', 'list', fn.org_uuid))
        throw new HttpError(403, 'Your group may not list cloudfunction here');
      const resolved = await reader.resolve(actor, {
        ...request.params,
        timeZone: request.query.timeZone,
      });
      const own = (fn.data_keys as DataKey[])
        .map((dataKey) => dataKey.key)
        .filter((name) => name !== key)
        .slice(0, EXTRA_KEYS_MAX);
      const histories = await Promise.all(
        [key, ...own].map((name) =>
          reader.read(resolved, { key: name, stat: 'avg' }, request.query),
        ),
      );
      const [main] = histories;
      if (!main) throw notFound();
      const input: FunctionSeriesInput = {
        deviceId,
        key,
        timeZone: main.timeZone,
        from: main.from,
        to: main.to,
        bucketSeconds: main.bucketSeconds,
        points: inputPoints(main),
        series: Object.fromEntries(histories.map((history) => [history.key, inputPoints(history)])),
      };
      const result = await fastify.sandbox.run({
        owner: fn.org_uuid,
        lane: 'test',
        function: { id: fn.id, name: fn.name },
        code: fn.code,
        input,
        context: { function: { id: fn.id, name: fn.name }, metadata: fn.metadata },
        limits: LIMITS,
      });
      if (!result.ok)
        throw new HttpError(422, `The cloud function ${fn.name} failed: ${result.error.message}`);
      try {
        const points = outputPoints(
          result.output,
          fn.data_type,
          resolved.range,
          main.bucketSeconds,
        );
        return { ...main, truncated: false, points };
      } catch (error) {
        if (error instanceof FunctionOutputError)
          throw new HttpError(
            422,
            `The output of the cloud function ${fn.name} cannot be drawn: ${error.message}`,
          );
        throw error;
      }
    },
  );
};

export default functionSeriesRoutes;
