import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireActor } from '../../plugins/auth.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import {
  Dashboard,
  DASHBOARD_BODY_LIMIT,
  DashboardConflict,
  DashboardCreate,
  DashboardList,
  DashboardUpdate,
} from '../../../contracts/dashboard.ts';
import { DashboardConflictError, dashboardService } from '../../services/dashboards.ts';
import { DashboardIdParams } from '../../schemas/params.ts';

const own =
  'Dashboards are personal: only their owner lists, reads and writes them, whatever their group; another user’s id answers 404.';

/** Per-user dashboards (spec §3 Dashboard), one row each, saved with a version. */
const dashboards: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = dashboardService(fastify);

  fastify.get(
    '/v2/dashboards',
    {
      schema: {
        tags: ['dashboards'],
        summary: 'Your own dashboards, oldest first',
        description: own,
        security: [{ bearer: [] }],
        response: { 200: DashboardList, ...errors },
      },
    },
    async (request) => service.list(requireActor(request)),
  );

  fastify.post(
    '/v2/dashboards',
    {
      bodyLimit: DASHBOARD_BODY_LIMIT,
      schema: {
        tags: ['dashboards'],
        summary:
          'Create a dashboard (id from the name unless given; defaults "My Dashboard", teal)',
        description: `${own} At most 100 dashboards a user (409 beyond), 48 graphs each.`,
        security: [{ bearer: [] }],
        body: DashboardCreate,
        response: { 201: Dashboard, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  fastify.get(
    '/v2/dashboard/:id',
    {
      schema: {
        tags: ['dashboards'],
        summary: 'One of your dashboards',
        description: own,
        security: [{ bearer: [] }],
        params: DashboardIdParams,
        response: { 200: Dashboard, ...errors },
      },
    },
    async (request) => service.get(requireActor(request), request.params.id),
  );

  fastify.put(
    '/v2/dashboard/:id',
    {
      bodyLimit: DASHBOARD_BODY_LIMIT,
      schema: {
        tags: ['dashboards'],
        summary: 'Save a dashboard whole, naming the version it was read at',
        description: `${own} A version that is no longer the stored one answers 409 with the stored dashboard as \`current\`; a save bumps the version.`,
        security: [{ bearer: [] }],
        params: DashboardIdParams,
        body: DashboardUpdate,
        response: { 200: Dashboard, ...errors, 409: DashboardConflict },
      },
    },
    async (request, reply) => {
      try {
        return await service.replace(requireActor(request), request.params.id, request.body);
      } catch (error) {
        if (!(error instanceof DashboardConflictError)) throw error;
        return reply.status(409).send({
          statusCode: 409,
          error: 'Conflict',
          message: error.message,
          current: error.current,
        });
      }
    },
  );

  fastify.delete(
    '/v2/dashboard/:id',
    {
      schema: {
        tags: ['dashboards'],
        summary: 'Delete one of your dashboards',
        description: own,
        security: [{ bearer: [] }],
        params: DashboardIdParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await service.remove(requireActor(request), request.params.id);
      return { ok: true };
    },
  );
};

export default dashboards;
