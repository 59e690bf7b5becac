import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { BrokerStartError } from './broker/broker.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';

const SHUTDOWN_LIMIT_MS = 4500;

/** How many connections may wait to be accepted. */
const LISTEN_BACKLOG = 4096;

/** Starts Nordlys: validates configuration, builds the app, listens, and stops cleanly on signals. */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<FastifyInstance> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    return fail(error);
  }

  let app: FastifyInstance;
  try {
    app = await buildApp({ config });
    // A burst of connections waits in the kernel's queue until it is accepted (and answered,
    // 503 when the node is overloaded) instead of overflowing Node's default queue of 511,
    // where a client's connection attempt is dropped and sent again, seconds later, or given
    // up (tests/integration/overload.test.ts). The kernel caps it at net.core.somaxconn.
    await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  } catch (error) {
    return fail(error);
  }

  printBanner(app, config);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: shutting down`);
    const timer = setTimeout(() => {
      app.log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'Error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return app;
}

function fail(error: unknown): never {
  if (error instanceof ConfigError || error instanceof BrokerStartError) {
    process.stderr.write(`\nNordlys cannot start.\n${error.message}\n\n`);
  } else if (isAddressInUse(error)) {
    process.stderr.write(
      `\nNordlys cannot start: port ${error.port ?? ''} is already in use. Set PORT to a free port.\n\n`,
    );
  } else {
    process.stderr.write(`\nNordlys cannot start: ${(error as Error).stack ?? String(error)}\n\n`);
  }
  process.exit(1);
}

function isAddressInUse(error: unknown): error is NodeJS.ErrnoException & { port?: number } {
  return (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
}

function printBanner(app: FastifyInstance, config: Config) {
  const lines = [
    '',
    `  Nordlys is running at ${config.publicUrl}`,
    `  API docs: ${config.publicUrl}/api/docs`,
    `  Database: ${app.database.kind}   MQTT: ${app.broker.describe()}`,
  ];
  if (app.demo) {
    lines.push('', '  Demo logins:');
    for (const login of app.demo.logins) lines.push(`    ${login.email.padEnd(26)} ${login.group}`);
    lines.push(
      app.demo.password
        ? `  Password: ${app.demo.password}`
        : '  Password: the DEMO_PASSWORD in use when the demo data was created',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
