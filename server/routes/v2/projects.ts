import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireActor } from '../../plugins/auth.ts';
import { projectRepository } from '../../repositories/project-repository.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import { Page } from '../../../contracts/list.ts';
import {
  Project,
  ProjectCreate,
  ProjectListQuery,
  ProjectUpdate,
} from '../../../contracts/project.ts';
import { projectService } from '../../services/projects.ts';
import { idInBody, idInPath, orgChecks, ownerOf, pageFrom, pageOf } from './shared.ts';
import { EntityIdParams } from '../../schemas/params.ts';

/** Projects (spec §3 Project), shaped like the other things an organisation owns. */
const projects: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = projectService(fastify);
  const repo = projectRepository(fastify.db);
  const orgs = orgChecks(fastify);

  fastify.get(
    '/v2/projects',
    {
      preHandler: fastify.guard({ resource: 'project', privilege: 'list' }),
      schema: {
        tags: ['projects'],
        summary: 'Projects of the organisations you can see, a page at a time',
        security: [{ bearer: [] }],
        querystring: ProjectListQuery,
        response: { 200: Page(Project), ...errors },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return pageFrom(await service.list(requireActor(request), request.query, page), page);
    },
  );

  fastify.get(
    '/v2/project/:id',
    {
      preHandler: fastify.guard({
        resource: 'project',
        privilege: 'list',
        target: ownerOf(repo.orgOf, idInPath),
      }),
      schema: {
        tags: ['projects'],
        summary: 'One project',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: Project, ...errors },
      },
    },
    async (request) => service.get(request.params.id, requireActor(request)),
  );

  fastify.post(
    '/v2/project',
    {
      preHandler: fastify.guard({
        resource: 'project',
        privilege: 'create',
        target: orgs.createIn,
      }),
      schema: {
        tags: ['projects'],
        summary:
          'Create a project (in your own organisation unless orgUuid says otherwise); the start day may not be after the end day',
        security: [{ bearer: [] }],
        body: ProjectCreate,
        response: { 201: Project, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  fastify.put(
    '/v2/project',
    {
      preHandler: fastify.guard({
        resource: 'project',
        privilege: 'modify',
        target: ownerOf(repo.orgOf, idInBody),
      }),
      schema: {
        tags: ['projects'],
        summary: 'Update a project (the body names it by id); a new orgUuid moves it',
        security: [{ bearer: [] }],
        body: ProjectUpdate,
        response: { 200: Project, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.body),
  );

  fastify.delete(
    '/v2/project/:id',
    {
      preHandler: fastify.guard({
        resource: 'project',
        privilege: 'delete',
        target: ownerOf(repo.orgOf, idInPath),
      }),
      schema: {
        tags: ['projects'],
        summary: 'Delete a project; its devices and data collections stay, without a project',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return { ok: true };
    },
  );
};

export default projects;
