import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Uuid } from '../../contracts/common.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll, type World } from '../helpers/world.ts';

/**
 * Input that once gave 500s or slipped past a check: JSON nested so deep that
 * a recursive walk overflowed the stack, `urn:uuid:` uuids that reached
 * PostgreSQL, and upper-case uuids that compared unequal to the caller's own.
 */
describe('odd input', () => {
  let t: TestApp;
  let world: World;
  let signedIn: Awaited<ReturnType<typeof signInAll>>;
  const as: typeof signedIn.as = (...args) => signedIn.as(...args);

  beforeAll(async () => {
    t = await startTestApp({
      beforeReady(app) {
        // Answers what validation made of its input.
        app.post(
          '/api/test/echo/:uuid',
          {
            schema: {
              params: Type.Object({ uuid: Uuid }),
              querystring: Type.Object({ orgUuid: Uuid }),
              body: Type.Object({ orgUuid: Uuid, uuids: Type.Array(Uuid), data: Type.Unknown() }),
            },
          },
          async (request) => ({
            params: request.params,
            query: request.query,
            body: request.body,
          }),
        );
      },
    });
    world = await seedWorld(t.database.db);
    signedIn = await signInAll(t.app);
  });

  afterAll(() => t.close());

  const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  const nestedArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  describe('JSON nested 10,000 deep is a 400 that says so', () => {
    for (const [shape, nested] of [
      ['objects', nestedObject],
      ['arrays', nestedArray],
    ] as const) {
      it(`on sign-in (${shape})`, async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/basic',
          headers: { 'content-type': 'application/json' },
          payload: `{"username":"someone@world.test","password":"x","extra":${nested(10_000)}}`,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(/JSON nested deeper than \d+/);
      });

      it(`on an entity route (${shape})`, async () => {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/entity/user/${world.users.userA}`,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${signedIn.tokens.super}`,
          },
          payload: `{"firstName":${nested(10_000)}}`,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(/JSON nested deeper than \d+/);
      });
    }

    it('still takes JSON nested a few dozen levels', async () => {
      const uuid = world.users.userA;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/test/echo/${uuid}?orgUuid=${uuid}`,
        headers: { 'content-type': 'application/json' },
        payload: `{"orgUuid":"${uuid}","uuids":[],"data":${nestedObject(40)}}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('a urn:uuid: uuid in a path or body is a 400 or 404, never a 500', () => {
    const urn = (uuid: string) => `urn:uuid:${uuid}`;

    it('in paths', async () => {
      const answers = await Promise.all([
        as('super', 'GET', `/api/entity/user/${urn(world.users.userA)}`),
        as('super', 'DELETE', `/api/entity/user/${urn(world.users.userB)}`),
        as('super', 'GET', `/api/entity/users/${urn(world.orgs.alpha)}`),
        as('super', 'GET', `/api/entity/organisation/${urn(world.orgs.alpha)}`),
        as('super', 'DELETE', `/api/entity/organisation/${urn(world.orgs.beta)}`),
        as('super', 'PUT', `/api/entity/user/${urn(world.users.userA)}`, { firstName: 'Ny' }),
      ]);
      for (const res of answers) {
        expect([400, 404], res.body).toContain(res.statusCode);
      }
      // Nothing was deleted.
      expect((await as('super', 'GET', `/api/entity/user/${world.users.userB}`)).statusCode).toBe(
        200,
      );
    });

    it('in a body and a query', async () => {
      const create = await as('super', 'POST', '/api/v2/registry', {
        name: 'Urn registry',
        orgUuid: urn(world.orgs.alpha),
      });
      expect(create.statusCode, create.body).toBe(400);
      const list = await as('super', 'GET', `/api/v2/devices?orgUuid=${urn(world.orgs.alpha)}`);
      expect(list.statusCode, list.body).toBe(400);
    });
  });

  describe('uuids are compared in lower case', () => {
    it('an account manager cannot delete their own account by writing it in upper case', async () => {
      const own = world.users.managerA;
      const lower = await as('managerA', 'DELETE', `/api/entity/user/${own}`);
      const upper = await as('managerA', 'DELETE', `/api/entity/user/${own.toUpperCase()}`);
      expect(lower.statusCode).toBe(409);
      expect(upper.statusCode).toBe(lower.statusCode);
      expect(upper.json()).toEqual(lower.json());
      const still = await as('super', 'GET', `/api/entity/user/${own}`);
      expect(still.statusCode).toBe(200);
    });

    it('hands routes the uuids of the path, the query and the body in lower case', async () => {
      const [a, b] = [world.users.userA, world.orgs.beta];
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/test/echo/${a.toUpperCase()}?orgUuid=${b.toUpperCase()}`,
        payload: { orgUuid: b.toUpperCase(), uuids: [a.toUpperCase(), b], data: a.toUpperCase() },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        params: { uuid: a },
        query: { orgUuid: b },
        // Free data is left as it came.
        body: { orgUuid: b, uuids: [a, b], data: a.toUpperCase() },
      });
    });
  });
});
