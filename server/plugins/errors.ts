import { STATUS_CODES } from 'node:http';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';

/**
 * One error handler for the whole API. A 4xx answer says plainly what is
 * wrong with the request; a 5xx is logged with the request id and the body
 * names only that id, never internals — except a deliberate 503 (busy or a
 * database away), whose message tells the client to come back.
 */
export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        const first = error.validation[0];
        const where = error.validationContext ?? 'request';
        const field = first?.instancePath
          ? `${where}${first.instancePath.replaceAll('/', '.')}`
          : where;
        // ajv says only "must NOT have additional properties"; the client needs the name.
        const unknown =
          first?.keyword === 'additionalProperties' && first.params.additionalProperty;
        const message =
          typeof unknown === 'string'
            ? `${field}.${unknown} is not a known field`
            : first
              ? `${field} ${first.message ?? 'is not valid'}`
              : error.message;
        return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message });
      }
      const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      // "Busy, try again" is said on purpose (with Retry-After): a warning, and the client hears why.
      if (statusCode === 503 && error instanceof HttpError) {
        request.log.warn({ statusCode, reason: error.message }, 'request refused for now');
        return reply.status(503).send({
          statusCode,
          error: STATUS_CODES[503] ?? 'Service Unavailable',
          message: error.message,
        });
      }
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(statusCode).send({
          statusCode,
          error: STATUS_CODES[statusCode] ?? 'Error',
          message: 'Something went wrong on our side. Please try again later.',
          requestId: request.id,
        });
      }
      return reply.status(statusCode).send({
        statusCode,
        error: STATUS_CODES[statusCode] ?? 'Error',
        message: error.message,
      });
    });
  },
  { name: 'errors' },
);
