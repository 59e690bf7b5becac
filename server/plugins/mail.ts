import path from 'node:path';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Outgoing e-mail: SMTP_URL when set, otherwise .eml files in DATA_DIR/outbox (and the log). */
export default fp(
  async (fastify) => {
    const mailer = createMailer({
      ...(fastify.config.smtpUrl ? { smtpUrl: fastify.config.smtpUrl } : {}),
      outboxDir: path.join(fastify.config.dataDir, 'outbox'),
      from: fastify.config.mailFrom,
      logger: fastify.log,
    });
    fastify.log.info(`Mail: ${mailer.describe()}`);
    fastify.decorate('mailer', mailer);
    fastify.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail', dependencies: ['config'] },
);
