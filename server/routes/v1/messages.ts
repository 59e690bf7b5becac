import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { scopeList } from '../../access/access.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { deviceRepository } from '../../repositories/device-repository.ts';
import { narrowScope, parseSort } from '../../repositories/list-query.ts';
import { messageRepository, messageSorts } from '../../repositories/message-repository.ts';
import { errors } from '../../../contracts/common.ts';
import { Page } from '../../../contracts/list.ts';
import { DeviceMessagesQuery, Message, MessageListQuery } from '../../../contracts/message.ts';
import { messageView } from '../../views/message-view.ts';
import { idInPath, notFound, ownerOf, pageAnswer, pageOf } from '../v2/shared.ts';
import { DeviceMessagesParams, EntityIdParams } from '../../schemas/params.ts';

/** `YYYY-MM-DD HH:mm:ss` (UTC) as an instant. */
function specTime(text: string, name: string): Date {
  const iso = text.replace(' ', 'T');
  const date = new Date(iso.endsWith('Z') ? iso : `${iso}Z`);
  if (Number.isNaN(date.getTime())) throw new HttpError(400, `${name} is not a valid time`);
  return date;
}

/** The message log (spec §7 Messages): what devices sent, as received. */
const messages: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = messageRepository(fastify.db);
  const devices = deviceRepository(fastify.db);

  fastify.get(
    '/v1/messages/',
    {
      preHandler: fastify.guard({ resource: 'device', privilege: 'list' }),
      schema: {
        tags: ['messages'],
        summary: 'Messages of the devices you can see, newest first, a page at a time',
        security: [{ bearer: [] }],
        querystring: MessageListQuery,
        response: { 200: Page(Message), ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { query } = request;
      const page = pageOf(query);
      const sort = query.sort
        ? parseSort(query.sort, messageSorts, 'receivedAt')
        : { key: 'receivedAt' as const, direction: 'desc' as const };
      const rows = await repo.list(
        {
          orgs: narrowScope(scopeList(actor), query.orgUuid),
          search: query.search?.trim(),
          deviceId: query.deviceId,
          registryId: query.registryId,
        },
        sort,
        page,
      );
      return pageAnswer(rows, page, messageView);
    },
  );

  fastify.get(
    '/v1/messages/:id',
    {
      preHandler: fastify.guard({
        resource: 'device',
        privilege: 'list',
        target: ownerOf(repo.orgOf, idInPath),
      }),
      schema: {
        tags: ['messages'],
        summary: 'One message',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      const row = await repo.get(request.params.id);
      if (!row) throw notFound();
      return messageView(row);
    },
  );

  fastify.get(
    '/v1/messages/device/:id/:from/:to',
    {
      preHandler: fastify.guard({
        resource: 'device',
        privilege: 'list',
        target: ownerOf(devices.orgOf, idInPath),
      }),
      schema: {
        tags: ['messages'],
        summary: "A device's messages received from one time to another, newest first",
        description: 'Times are `YYYY-MM-DD HH:mm:ss` in UTC; both ends are included.',
        security: [{ bearer: [] }],
        params: DeviceMessagesParams,
        querystring: DeviceMessagesQuery,
        response: { 200: Type.Array(Message), ...errors },
      },
    },
    async (request) => {
      const { id, from, to } = request.params;
      const start = specTime(from, 'from');
      const end = specTime(to, 'to');
      if (start > end) throw new HttpError(400, 'from must not be later than to');
      const rows = await repo.ofDevice(id, start, end, request.query.limit ?? 1000);
      return rows.map(messageView);
    },
  );
};

export default messages;
