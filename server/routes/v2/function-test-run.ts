import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { groupAllows } from '../../access/matrix.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { errors } from '../../../contracts/common.ts';

const RunResult = Type.Object({
  ok: Type.Boolean(),
  output: Type.Optional(Type.Unknown()),
  error: Type.Optional(Type.Object({ kind: Type.String(), message: Type.String() })),
  logs: Type.Array(Type.Object({ level: Type.String(), message: Type.String() })),
  durationMs: Type.Number(),
});

const RunBody = Type.Object(
  {
    code: Type.String({ maxLength: 256 * 1024 }),
    input: Type.Unknown(),
    context: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.Unknown())),
  },
  { additionalProperties: false },
);

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
        body: RunBody,
        response: { 200: RunResult, ...errors },
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
