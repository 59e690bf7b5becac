import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireActor } from '../../plugins/auth.ts';
import { privilegeTest } from '../../services/privilege-test.ts';
import { errors } from '../../../contracts/common.ts';
import { PrivilegeAnswers, PrivilegeTest, PrivilegeTestAnswer } from '../../../contracts/acl.ts';
import { PrivilegesParams, ResourcePrivilegesParams } from '../../schemas/params.ts';

/** Asks the privilege matrix and the caller's scope what the caller may do, so the console offers only that. */
const acl: FastifyPluginAsyncTypebox = async (fastify) => {
  const privileges = privilegeTest(fastify);

  fastify.post(
    '/acl/test/:privileges',
    {
      schema: {
        tags: ['access'],
        summary: 'Test privileges, globally and on each listed resource',
        description:
          'Without resources, `privileges` says what the caller may do in their own organisations. For each resource (any entity uuid) the answer also takes its organisation into account.',
        security: [{ bearer: [] }],
        params: PrivilegesParams,
        body: PrivilegeTest,
        response: { 200: PrivilegeTestAnswer, ...errors },
      },
    },
    async (request) =>
      privileges.test(requireActor(request), request.params.privileges, request.body.resources),
  );

  fastify.get(
    '/acl/test/:resource/:privileges',
    {
      schema: {
        tags: ['access'],
        summary: 'Test privileges on one resource',
        security: [{ bearer: [] }],
        params: ResourcePrivilegesParams,
        response: { 200: PrivilegeAnswers, ...errors },
      },
    },
    async (request) =>
      privileges.testOne(requireActor(request), request.params.privileges, request.params.resource),
  );
};

export default acl;
