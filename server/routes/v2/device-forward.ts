import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ForwardStatus } from '../../ingest/forward.ts';
import { deviceRepository } from '../../repositories/device-repository.ts';
import { errors } from '../../../contracts/common.ts';
import { MqttForwardStatus } from '../../../contracts/mqtt-forward.ts';
import { idInPath, notFound, ownerOf } from './shared.ts';
import { EntityIdParams } from '../../schemas/params.ts';

const iso = (time: number) => new Date(time).toISOString();

function statusView(status: ForwardStatus): MqttForwardStatus {
  const none = { since: null, error: null, failures: 0, nextRetryAt: null };
  switch (status.state) {
    case 'off':
    case 'idle':
      return { ...none, state: status.state, target: status.target };
    case 'connecting':
    case 'connected':
      return { ...none, state: status.state, target: status.target, since: iso(status.since) };
    default:
      return 'since' in status
        ? {
            state: status.state,
            target: status.target,
            since: iso(status.since),
            error: status.error,
            failures: status.failures,
            nextRetryAt: iso(status.nextRetryAt),
          }
        : { ...none, state: 'refused', target: status.target, error: status.error };
  }
}

/** The state of a device's MQTT forward, for its MQTT forward tab (docs/ingest.md). */
const deviceForward: FastifyPluginAsyncTypebox = async (fastify) => {
  const devices = deviceRepository(fastify.db);

  fastify.get(
    '/v2/device/:id/mqtt-forward',
    {
      preHandler: fastify.guard({
        resource: 'device',
        privilege: 'list',
        target: ownerOf(devices.orgOf, idInPath),
      }),
      schema: {
        tags: ['devices'],
        summary: 'The state of device {id}’s MQTT forward, as the answering node sees it',
        description:
          'off, idle (opens with the next data), connecting, connected, failing (last error ' +
          'and next attempt, 5 s doubling to 5 min) or refused by the address rules.',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: MqttForwardStatus, ...errors },
      },
    },
    async (request) => {
      const row = await devices.get(request.params.id);
      if (!row) throw notFound();
      return statusView(fastify.ingest.forwardStatus(row.mqtt_forward));
    },
  );
};

export default deviceForward;
