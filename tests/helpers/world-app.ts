import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.ts';
import { seedWorld, signInAll, type World, type WorldUser } from './world.ts';

type SignedIn = Awaited<ReturnType<typeof signInAll>>;
export type As = SignedIn['as'];

/** The app of a test file, once its beforeAll has run. */
export interface WorldApp {
  readonly t: TestApp;
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly world: World;
  /** Each world user's session token. */
  readonly tokens: Record<WorldUser, string>;
  /** A request sent as a world user. */
  as: As;
}

/**
 * The app most integration tests use: started in the file's beforeAll with
 * the world seeded and every world user signed in, and closed in its
 * afterAll. Read its fields inside tests and hooks, not at the top of the
 * file: they exist once beforeAll has run.
 */
export function useWorldApp(options: TestAppOptions = {}): WorldApp {
  let state: { t: TestApp; world: World; signedIn: SignedIn } | undefined;
  beforeAll(async () => {
    const t = await startTestApp(options);
    const world = await seedWorld(t.database.db);
    state = { t, world, signedIn: await signInAll(t.app) };
  });
  afterAll(async () => {
    await state?.t.close();
  });
  const current = () => {
    if (!state) throw new Error('useWorldApp: the app starts in beforeAll; use it in a test');
    return state;
  };
  return {
    get t() {
      return current().t;
    },
    get app() {
      return current().t.app;
    },
    get database() {
      return current().t.database;
    },
    get world() {
      return current().world;
    },
    get tokens() {
      return current().signedIn.tokens;
    },
    as: (...args) => current().signedIn.as(...args),
  };
}
