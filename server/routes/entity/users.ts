import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { scopeList } from '../../access/access.ts';
import { requireActor } from '../../plugins/auth.ts';
import { errors, ErrorBody, Ok } from '../../../contracts/common.ts';
import { ImageResponse } from '../../../contracts/device-picture.ts';
import {
  CreatedUser,
  PasswordChange,
  User,
  USER_IMAGE_BODY_LIMIT,
  UserCreate,
  UserImageUpload,
  UserInternal,
  UserList,
  UserUpdate,
} from '../../../contracts/user.ts';
import { userService } from '../../services/users.ts';
import { IdParams, UuidParams } from '../../schemas/params.ts';

const paramUuid = (request: FastifyRequest) => (request.params as { uuid: string }).uuid;

const users: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = userService(fastify);
  /** Reading a user: `user.list` in their organisation, or the user themselves. */
  const readUser = fastify.guard({
    resource: 'user',
    privilege: 'list',
    target: (request) => service.orgOf(paramUuid(request)),
    self: paramUuid,
  });
  /** The organisation of a user to change: one with more rights than the caller's is refused. */
  const changeableUserOrg = (request: FastifyRequest) =>
    service.changeableOrgOf(requireActor(request), paramUuid(request));
  /** Changing a user: `user.modify` within rank in their organisation, or the user themselves. */
  const changeUser = fastify.guard({
    resource: 'user',
    privilege: 'modify',
    target: changeableUserOrg,
    self: paramUuid,
  });

  fastify.get(
    '/entity/users',
    {
      preHandler: fastify.guard({ resource: 'user', privilege: 'list' }),
      schema: {
        tags: ['users'],
        summary: 'Users of the organisations you can see',
        security: [{ bearer: [] }],
        response: { 200: UserList, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return service.list(actor, scopeList(actor));
    },
  );

  fastify.get(
    '/entity/users/:id',
    {
      preHandler: fastify.guard({
        resource: 'user',
        privilege: 'list',
        target: (request) => service.existingOrg((request.params as { id: string }).id),
      }),
      schema: {
        tags: ['users'],
        summary: 'Users of one organisation',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: UserList, ...errors },
      },
    },
    async (request) => service.list(requireActor(request), [request.params.id]),
  );

  fastify.get(
    '/entity/user/:uuid',
    {
      preHandler: readUser,
      schema: {
        tags: ['users'],
        summary: 'One user',
        security: [{ bearer: [] }],
        params: UuidParams,
        response: { 200: User, ...errors },
      },
    },
    async (request) => service.get(requireActor(request), request.params.uuid),
  );

  fastify.post(
    '/entity/user',
    {
      preHandler: fastify.guard({
        resource: 'user',
        privilege: 'create',
        target: (request) =>
          service.visibleOrg(requireActor(request), (request.body as UserCreate).orgUuid),
      }),
      schema: {
        tags: ['users'],
        summary: 'Create a user; a confirmation mail lets them set a password',
        security: [{ bearer: [] }],
        body: UserCreate,
        response: { 201: CreatedUser, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(requireActor(request), request.body, request.log)),
  );

  fastify.put(
    '/entity/user/:uuid',
    {
      preHandler: changeUser,
      schema: {
        tags: ['users'],
        summary: 'Update a user',
        security: [{ bearer: [] }],
        params: UuidParams,
        body: UserUpdate,
        response: { 200: User, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.params.uuid, request.body),
  );

  fastify.delete(
    '/entity/user/:uuid',
    {
      preHandler: fastify.guard({
        resource: 'user',
        privilege: 'delete',
        target: changeableUserOrg,
      }),
      schema: {
        tags: ['users'],
        summary: 'Delete a user (their sessions end and their live sockets close at once)',
        security: [{ bearer: [] }],
        params: UuidParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => ({
      ok: await service.remove(requireActor(request), request.params.uuid),
    }),
  );

  fastify.put(
    '/entity/user/:uuid/internal',
    {
      schema: {
        tags: ['users'],
        summary: 'Save your own settings, favourites and dashboards',
        security: [{ bearer: [] }],
        params: UuidParams,
        body: UserInternal,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await service.saveInternal(requireActor(request), request.params.uuid, request.body);
      return { ok: true };
    },
  );

  fastify.post(
    '/entity/user/:uuid/resendconfirmmail',
    {
      preHandler: fastify.guard({
        resource: 'user',
        privilege: 'modify',
        target: changeableUserOrg,
      }),
      schema: {
        tags: ['users'],
        summary: 'Send the account confirmation mail again',
        security: [{ bearer: [] }],
        params: UuidParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await service.resendConfirmation(request.params.uuid);
      return { ok: true };
    },
  );

  fastify.post(
    '/entity/user/:uuid/setpassword',
    {
      preHandler: changeUser,
      schema: {
        tags: ['users'],
        summary: 'Change a password: your own (with the old one) or, as a manager, a user’s',
        security: [{ bearer: [] }],
        params: UuidParams,
        body: PasswordChange,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await service.setPassword(requireActor(request), request.params.uuid, request.body);
      return { ok: true };
    },
  );

  fastify.get(
    '/entity/user/:uuid/image',
    {
      preHandler: readUser,
      schema: {
        tags: ['users'],
        summary: 'The image a user uploaded (their profile picture)',
        description:
          'Answers the bytes with their image type. The SESSION cookie is honoured for this ' +
          'GET, so the console can show it in an <img>.',
        security: [{ bearer: [] }],
        params: UuidParams,
        response: {
          200: ImageResponse,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { bytes, type } = await service.image(request.params.uuid);
      return reply
        .header('content-type', type)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(bytes);
    },
  );

  fastify.put(
    '/entity/user/:uuid/image',
    {
      preHandler: changeUser,
      bodyLimit: USER_IMAGE_BODY_LIMIT + 1024,
      schema: {
        tags: ['users'],
        summary: 'Upload a user’s profile picture (JPEG, PNG or WebP, at most 2 MB)',
        description:
          'The body carries the image as base64; the declared contentType must match the bytes. ' +
          'The user’s img becomes the address of the new image.',
        security: [{ bearer: [] }],
        params: UuidParams,
        body: UserImageUpload,
        response: { 200: User, ...errors, 413: ErrorBody },
      },
    },
    async (request) =>
      service.uploadImage(requireActor(request), request.params.uuid, request.body),
  );

  fastify.delete(
    '/entity/user/:uuid/image',
    {
      preHandler: changeUser,
      schema: {
        tags: ['users'],
        summary: 'Remove a user’s uploaded profile picture',
        description: 'An img that points elsewhere (a web address) is left as it is.',
        security: [{ bearer: [] }],
        params: UuidParams,
        response: { 200: User, ...errors },
      },
    },
    async (request) => service.removeImage(requireActor(request), request.params.uuid),
  );
};

export default users;
