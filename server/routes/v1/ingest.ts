import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Refusal } from '../../ingest/device-directory.ts';
import { MAX_PACKET_BYTES } from '../../ingest/limits.ts';
import { DatabaseUnavailableError } from '../../ingest/retry.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { errors } from '../../../contracts/common.ts';
import { IngestAnswer } from '../../../contracts/ingest.ts';
import { IngestParams } from '../../schemas/params.ts';

/** How long a request waits for a database that is down before it is answered 503. */
const DATABASE_PATIENCE_MS = 2_000;
/** Seconds a device is told to wait before it sends the packet again (503). */
const RETRY_AFTER_SECONDS = '5';

const refusals: Record<Refusal, [number, string]> = {
  'unknown-device': [404, 'Resource not found'],
  'wrong-registry': [404, 'Resource not found'],
  'bad-credentials': [401, 'Send a device or registry token of this device'],
  blocked: [403, 'This device is blocked from communicating'],
  'registry-protocol': [403, 'This registry does not take data over HTTP'],
  'too-large': [413, `The packet is larger than ${MAX_PACKET_BYTES / 1024} KiB`],
};

/**
 * HTTP ingest for devices of http registries: the body is the packet, as it
 * would be published over MQTT. The answer comes once the packet is committed.
 */
const ingestRoute: FastifyPluginAsyncTypebox = async (fastify) => {
  // The packet is kept byte for byte, whatever its content type.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_PACKET_BYTES },
    (_request, body, done) => done(null, body),
  );

  fastify.post(
    '/v1/ingest/:registryId/:deviceId',
    {
      // Devices post all day long: a log line per packet would drown the log.
      // Server errors are still logged; refusals are counted in /metrics.
      logLevel: 'warn',
      schema: {
        tags: ['ingest'],
        summary: 'Send a data packet of a device (http registries)',
        description:
          'Bearer: a device token of the device or a registry token of its registry. The body ' +
          '(any content type, at most 256 KiB) is decoded like an MQTT packet: by the device ' +
          "type's and the device's decoders, or, without one, a JSON object gives one point per " +
          'numeric field, timed by its time/ts field or else the receipt. Answered once stored.',
        security: [{ bearer: [] }],
        params: IngestParams,
        response: { 200: IngestAnswer, ...errors, 413: errors[400] },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request, { scopedTokens: true });
      const { registryId, deviceId } = request.params;
      const token = actor.token;
      const allowed =
        (token?.type === 'device' && token.reference === deviceId) ||
        (token?.type === 'registry' && token.reference === registryId);
      if (!allowed) {
        throw new HttpError(403, 'Only a token of this device or its registry may send its data');
      }
      const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (payload.length === 0) throw new HttpError(400, 'The packet (body) is empty');
      if (fastify.ingest.saturated) {
        reply.header('retry-after', RETRY_AFTER_SECONDS);
        throw new HttpError(503, 'Ingest is busy; send the packet again shortly');
      }
      const outcome = await fastify.ingest
        .ingest(
          { registryId, deviceId, payload, transport: 'http', topic: null },
          { patienceMs: DATABASE_PATIENCE_MS },
        )
        .catch((error: unknown) => {
          if (!(error instanceof DatabaseUnavailableError)) throw error;
          reply.header('retry-after', RETRY_AFTER_SECONDS);
          throw new HttpError(503, 'Ingest is unavailable; send the packet again shortly');
        });
      if (!outcome.ok) {
        const [status, message] = refusals[outcome.refusal];
        throw new HttpError(status, message);
      }
      return { ok: true, points: outcome.points };
    },
  );
};

export default ingestRoute;
