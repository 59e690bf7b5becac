import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { organisationChecks } from '../../services/organisation-checks.ts';
import type { PageRequest } from '../../repositories/list-query.ts';
import { PAGE_SIZE_DEFAULT } from '../../../contracts/list.ts';

export const notFound = () => new HttpError(404, 'Resource not found');

/** The id in the path (`/v2/registry/:id`). */
export const idInPath = (request: FastifyRequest) => (request.params as { id: number }).id;
/** The id in the body of an update (`PUT /v2/registry` carries it). */
export const idInBody = (request: FastifyRequest) => (request.body as { id: number }).id;

/**
 * A guard target: the organisation of the entity the request names, or null
 * when there is none, which the guard answers 404 like a foreign one.
 */
export const ownerOf =
  (orgOf: (id: number) => Promise<string | undefined>, id: (request: FastifyRequest) => number) =>
  async (request: FastifyRequest) =>
    (await orgOf(id(request))) ?? null;

export function pageOf(query: { page?: number; pageSize?: number }): PageRequest {
  return { page: query.page ?? 1, pageSize: query.pageSize ?? PAGE_SIZE_DEFAULT };
}

export function pageAnswer<R, T>(
  rows: { rows: R[]; total: number },
  page: PageRequest,
  view: (row: R) => T,
) {
  return {
    items: rows.rows.map(view),
    total: rows.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** A page answer of items a service has already shown. */
export const pageFrom = <T>(found: { rows: T[]; total: number }, page: PageRequest) =>
  pageAnswer(found, page, (item: T) => item);

/** Organisation checks the device-domain routes share, with the guard target of their creates. */
export function orgChecks(fastify: FastifyInstance) {
  const checks = organisationChecks(fastify);
  return {
    ...checks,

    /** A guard target for creates: the organisation in the body, else the caller's own. */
    createIn: async (request: FastifyRequest) => {
      const actor = requireActor(request);
      return checks.visible(actor, (request.body as { orgUuid?: string }).orgUuid ?? actor.orgUuid);
    },
  };
}
