import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { groupAllows } from '../../access/matrix.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { errors } from '../../../contracts/common.ts';
import { FunctionTestResult, FunctionTestRun } from '../../../contracts/function-test-run.ts';

/**
 * A test run of cloud function code against a sample payload, in the
 * sandbox with its time and memory limits: output, logs and duration.
 * Whoever may create or change functions may test them.
 */
const functionTestRun: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/v2/cloudfunction/test',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['cloud functions'],
        summary: 'Run function code once against a sample input',
        description:
          'The code defines main(input, context); the answer carries its output or error, console logs and duration.',
        security: [{ bearer: [] }],
        body: FunctionTestRun,
        response: { 200: FunctionTestResult, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (
        !groupAllows(actor.group, 'cloudfunction', 'create') &&
        !groupAllows(actor.group, 'cloudfunction', 'modify')
      ) {
        throw new HttpError(403, 'Your group may not run cloud functions');
      }
      return fastify.sandbox.run({
        owner: actor.orgUuid,
        lane: 'test',
        code: request.body.code,
        input: request.body.input ?? null,
        context: request.body.context ?? {},
      });
    },
  );
};

export default functionTestRun;
