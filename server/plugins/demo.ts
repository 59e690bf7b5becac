import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { generatePassword } from '../auth/password.ts';
import { demoLogins, seedDemo } from '../demo/seed.ts';

export interface DemoInfo {
  logins: { email: string; group: string }[];
  /** The password, when known: DEMO_PASSWORD, or the one generated at the first start. */
  password: string | null;
  seeded: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    demo: DemoInfo | null;
  }
}

/**
 * On an empty database (unless DEMO=0) creates the demo world. A generated
 * password is kept in DATA_DIR/demo-password so every start can show it.
 */
export default fp(
  async (fastify) => {
    const { config } = fastify;
    if (!config.demo) {
      fastify.decorate('demo', null);
      return;
    }
    const passwordFile = path.join(config.dataDir, 'demo-password');
    const stored = await fs.readFile(passwordFile, 'utf8').then(
      (text) => text.trim(),
      () => null,
    );
    const password = config.demoPassword ?? stored ?? generatePassword();
    const began = Date.now();
    const seeded = await seedDemo(fastify.db, password, { historyDays: config.demoHistoryDays });
    if (seeded && !config.demoPassword) {
      await fs.mkdir(config.dataDir, { recursive: true });
      await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    }
    if (seeded)
      fastify.log.info(
        `Demo data created with ${config.demoHistoryDays} days of history in ${((Date.now() - began) / 1000).toFixed(1)} s`,
      );
    fastify.decorate('demo', {
      logins: [...demoLogins],
      password: seeded || config.demoPassword || stored ? password : null,
      seeded,
    });
  },
  { name: 'demo', dependencies: ['database'] },
);
