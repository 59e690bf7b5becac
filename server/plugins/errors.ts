import { STATUS_CODES } from 'node:http';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One error handler for the whole API. A 4xx answer says plainly what is
 * wrong with the request; a 5xx is logged with the request id and the body
 * names only that id, never internals.
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
        return reply.status(400).send({
          statusCode: 400,
          error: 'Bad Request',
          message: first ? `${field} ${first.message ?? 'is not valid'}` : error.message,
        });
      }
      const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
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
