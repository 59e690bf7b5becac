import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AddressServiceError, createAddressClient } from '../../address/address-client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import {
  Address,
  AddressList,
  AddressReverseQuery,
  AddressSearchQuery,
} from '../../../contracts/address.ts';
import { errors } from '../../../contracts/common.ts';

const UNAVAILABLE = 'The address service is not available right now; try again later';

/**
 * Danish addresses through the public address service (spec §7): the
 * address of a place (a device's position) and a search by text. Served
 * here so browsers need no third-party origin, answers are cached, and a
 * slow service costs a caller at most ADDRESS_TIMEOUT_MS (then 503).
 */
const address: FastifyPluginAsyncTypebox = async (fastify) => {
  const settings = fastify.config.address;
  const client = settings
    ? createAddressClient({ baseUrl: settings.url, timeoutMs: settings.timeoutMs })
    : null;

  async function call<T>(lookup: () => Promise<T>): Promise<T> {
    if (!client) throw new HttpError(503, 'Address lookup is turned off on this server');
    try {
      return await lookup();
    } catch (error) {
      if (error instanceof AddressServiceError) {
        fastify.log.warn({ err: error }, 'address service: lookup failed');
        throw new HttpError(503, UNAVAILABLE);
      }
      throw error;
    }
  }

  fastify.get(
    '/v2/address/reverse',
    {
      schema: {
        tags: ['address'],
        summary: 'The Danish access address nearest a place (within 500 m)',
        description:
          '404 when no address lies within 500 m; 503 when the address service does not answer in time or is turned off.',
        security: [{ bearer: [] }],
        querystring: AddressReverseQuery,
        response: { 200: Address, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      const found = await call(() => client?.reverse(request.query) ?? Promise.resolve(null));
      if (!found) throw new HttpError(404, 'No address within 500 m of this place');
      return found;
    },
  );

  fastify.get(
    '/v2/address/search',
    {
      schema: {
        tags: ['address'],
        summary: 'Danish access addresses matching a text, at most 10',
        security: [{ bearer: [] }],
        querystring: AddressSearchQuery,
        response: { 200: AddressList, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      const q = request.query.q.trim();
      if (q.length < 2) throw new HttpError(400, 'q must be at least 2 characters');
      return call(() => client?.search(q) ?? Promise.resolve([]));
    },
  );
};

export default address;
