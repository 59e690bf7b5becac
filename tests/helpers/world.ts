import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../server/auth/password.ts';
import type { DB } from '../../server/db/types.ts';

export const PASSWORD = 'world-password-1';

/**
 * A small multi-tenant world for access tests:
 *
 *   Platform (super)
 *   ├── Alpha (managerA, userA)          registry, device type, function, device, project,
 *   │                                    data collection (in the project)
 *   │   └── Alpha North (userA1)         the same
 *   └── Beta (managerB, userB)           the same
 */
export async function seedWorld(db: Kysely<DB>) {
  const hash = await hashPassword(PASSWORD);
  const org = (name: string, parent: string | null) =>
    db
      .insertInto('organisations')
      .values({
        name,
        parent_uuid: parent,
        address: 'Gade 1',
        zip: '1000',
        city: 'København',
        country: 'Denmark',
      })
      .returning('uuid')
      .executeTakeFirstOrThrow()
      .then((r) => r.uuid);
  const platform = await org('Platform', null);
  const alpha = await org('Alpha', platform);
  const alphaNorth = await org('Alpha North', alpha);
  const beta = await org('Beta', platform);

  const user = (email: string, orgUuid: string, group: number, firstName: string) =>
    db
      .insertInto('users')
      .values({
        email,
        username: email,
        org_uuid: orgUuid,
        group_id: group,
        first_name: firstName,
        last_name: 'Test',
        password_hash: hash,
        confirmed_at: new Date(),
        active: true,
      })
      .returning('uuid')
      .executeTakeFirstOrThrow()
      .then((r) => r.uuid);
  const users = {
    super: await user('super@world.test', platform, 1, 'Super'),
    managerA: await user('manager.a@world.test', alpha, 2, 'Anna'),
    userA: await user('user.a@world.test', alpha, 3, 'Arne'),
    userA1: await user('user.a1@world.test', alphaNorth, 3, 'Asta'),
    managerB: await user('manager.b@world.test', beta, 2, 'Bent'),
    userB: await user('user.b@world.test', beta, 3, 'Birte'),
  };

  const things = async (orgUuid: string, label: string) => {
    const registry = await db
      .insertInto('registries')
      .values({ name: `${label} registry`, org_uuid: orgUuid })
      .returning(['id', 'uuid'])
      .executeTakeFirstOrThrow();
    const deviceType = await db
      .insertInto('device_types')
      .values({ name: `${label} type`, org_uuid: orgUuid })
      .returning(['id', 'uuid'])
      .executeTakeFirstOrThrow();
    const fn = await db
      .insertInto('cloud_functions')
      .values({ name: `${label} decoder`, type: 'decoder', org_uuid: orgUuid })
      .returning(['id', 'uuid'])
      .executeTakeFirstOrThrow();
    const device = await db
      .insertInto('devices')
      .values({
        name: `${label} device`,
        org_uuid: orgUuid,
        registry_id: registry.id,
        device_type_id: deviceType.id,
      })
      .returning(['id', 'uuid'])
      .executeTakeFirstOrThrow();
    const project = await db
      .insertInto('projects')
      .values({
        title: `${label} project`,
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        org_uuid: orgUuid,
      })
      .returning(['id', 'uuid'])
      .executeTakeFirstOrThrow();
    const collection = await db
      .insertInto('data_collections')
      .values({ name: `${label} collection`, org_uuid: orgUuid, project_id: project.id })
      .returning(['id', 'uuid'])
      .executeTakeFirstOrThrow();
    return { registry, deviceType, function: fn, device, project, collection };
  };

  return {
    orgs: { platform, alpha, alphaNorth, beta },
    users,
    alphaThings: await things(alpha, 'Alpha'),
    alphaNorthThings: await things(alphaNorth, 'Alpha North'),
    betaThings: await things(beta, 'Beta'),
  };
}

export type World = Awaited<ReturnType<typeof seedWorld>>;
export type WorldUser = keyof World['users'];

export const emails: Record<WorldUser, string> = {
  super: 'super@world.test',
  managerA: 'manager.a@world.test',
  userA: 'user.a@world.test',
  userA1: 'user.a1@world.test',
  managerB: 'manager.b@world.test',
  userB: 'user.b@world.test',
};

export async function signIn(
  app: FastifyInstance,
  username: string,
  password = PASSWORD,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/basic',
    payload: { username, password },
  });
  if (res.statusCode !== 200)
    throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

/** Sessions for every world user, and an inject helper that sends one. */
export async function signInAll(app: FastifyInstance) {
  const tokens = {} as Record<WorldUser, string>;
  for (const [who, email] of Object.entries(emails) as [WorldUser, string][]) {
    tokens[who] = await signIn(app, email);
  }
  const as = (
    who: WorldUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      ...(payload === undefined ? {} : { payload }),
    });
  return { tokens, as };
}
