import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import { useValidators } from './lib/validation.ts';
import type { Database } from './db/database.ts';
import type { BrokerAuth } from './broker/broker.ts';
import brokerPlugin from './plugins/broker.ts';
import databasePlugin from './plugins/database.ts';
import loadSheddingPlugin from './plugins/load-shedding.ts';
import mapTilesPlugin from './plugins/map-tiles.ts';
import errorsPlugin from './plugins/errors.ts';
import metricsPlugin from './plugins/metrics.ts';
import openapiPlugin from './plugins/openapi.ts';
import redisPlugin from './plugins/redis.ts';
import securityPlugin from './plugins/security.ts';
import webPlugin from './plugins/web.ts';
import { dashboardScreenOf, loadDashboardRenderer } from './plugins/dashboard-screen.ts';
import demoPlugin from './plugins/demo.ts';
import simulatorPlugin from './plugins/simulator.ts';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import authPlugin from './plugins/auth.ts';
import sandboxPlugin from './plugins/sandbox.ts';
import dataEventsPlugin from './plugins/data-events.ts';
import accessEventsPlugin from './plugins/access-events.ts';
import livePlugin from './plugins/live.ts';
import mailPlugin from './plugins/mail.ts';
import ingestPlugin from './plugins/ingest.ts';
import ingestSubscriptionPlugin from './plugins/ingest-subscription.ts';
import healthRoutes from './routes/health/index.ts';
import authRoutes from './routes/auth/index.ts';
import oidcFlowRoutes from './routes/auth/oidc-flow.ts';
import userRoutes from './routes/entity/users.ts';
import passwordRoutes from './routes/entity/passwords.ts';
import organisationRoutes from './routes/entity/organisations.ts';
import aclRoutes from './routes/acl/index.ts';
import tokenRoutes from './routes/tokens/index.ts';
import brandingRoutes, { brandingHost } from './routes/branding/index.ts';
import { brandingRepository } from './repositories/branding-repository.ts';
import configRoutes from './routes/config/index.ts';
import manifestRoute from './routes/branding/manifest.ts';
import v2Routes from './routes/v2/index.ts';
import functionTestRunRoute from './routes/v2/function-test-run.ts';
import v1Routes from './routes/v1/index.ts';

export interface AppOptions {
  config: Config;
  /** An already open database (tests share a migrated template this way). */
  database?: Database;
  brokerAuth?: BrokerAuth;
  /** Where the built console lives; defaults to dist/web. */
  webRoot?: string;
}

/** Answers smaller than this go uncompressed: a header and a round of brotli cost more than they save. */
const COMPRESS_THRESHOLD_BYTES = 1024;

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultWebRoot = path.join(projectRoot, 'dist', 'web');

/** The whole platform as one Fastify plugin, so tests can register it and use inject(). */
export const app = fp<AppOptions>(
  async (fastify, options) => {
    fastify.decorate('config', options.config);
    await fastify.register(fp(async () => undefined, { name: 'config' }));
    await fastify.register(errorsPlugin);
    await fastify.register(securityPlugin);
    await fastify.register(metricsPlugin);
    await fastify.register(openapiPlugin);
    // Before the database: a tile file that cannot be served stops the start at once.
    await fastify.register(mapTilesPlugin);
    await fastify.register(databasePlugin, options.database ? { database: options.database } : {});
    // Before any hook that reads the database, so a shed request costs next to nothing.
    await fastify.register(loadSheddingPlugin);
    await fastify.register(redisPlugin);
    await fastify.register(sandboxPlugin);
    await fastify.register(dataEventsPlugin);
    await fastify.register(accessEventsPlugin);
    await fastify.register(ingestPlugin);
    await fastify.register(brokerPlugin, options.brokerAuth ? { auth: options.brokerAuth } : {});
    await fastify.register(ingestSubscriptionPlugin);
    await fastify.register(demoPlugin);
    await fastify.register(mailPlugin);
    await fastify.register(rateLimit, { global: false });
    await fastify.register(authPlugin);
    await fastify.register(livePlugin);
    await fastify.register(simulatorPlugin);
    await fastify.register(healthRoutes, { prefix: '/api' });
    // The API's answers are compressed on the fly (a week of raw history is ~100 kB of JSON and
    // ~10 kB as brotli); the console's files have compressed copies made at build time (web.ts).
    await fastify.register(async (api) => {
      await api.register(compress, {
        encodings: ['br', 'gzip'],
        threshold: COMPRESS_THRESHOLD_BYTES,
        globalDecompression: false,
      });
      for (const routes of [
        configRoutes,
        brandingRoutes,
        v2Routes,
        v1Routes,
        functionTestRunRoute,
        authRoutes,
        oidcFlowRoutes,
        userRoutes,
        passwordRoutes,
        organisationRoutes,
        aclRoutes,
        tokenRoutes,
      ]) {
        await api.register(routes, { prefix: '/api' });
      }
    });
    await fastify.register(manifestRoute);
    const branding = brandingRepository(fastify.db);
    const webRoot = options.webRoot ?? defaultWebRoot;
    const dashboardRenderer = await loadDashboardRenderer(webRoot, (error) =>
      fastify.log.warn(
        { err: error },
        'The dashboard home’s first screen cannot be rendered here: /dashboard is sent without it',
      ),
    );
    await fastify.register(webPlugin, {
      root: webRoot,
      // The build's first screen of the sign-in page has Nordlys' branding, password
      // sign-in only and no beta banner.
      firstScreenFits: async (request) =>
        !options.config.oidc &&
        !options.config.beta &&
        (await branding.get(brandingHost(request))) === undefined,
      ...(dashboardRenderer
        ? { dashboardScreen: dashboardScreenOf(fastify, dashboardRenderer) }
        : {}),
    });
  },
  { name: 'nordlys' },
);

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

export function serverOptions(config: Config): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(config.logFormat === 'pretty'
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
    },
    // A request id from a proxy is kept when it looks like one; otherwise a new one.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming)
        ? incoming
        : randomUUID();
    },
    requestIdHeader: false,
    forceCloseConnections: 'idle',
    // The first start creates a PGlite data directory and the demo world with its
    // history: seconds of CPU, more on a busy machine, beyond Fastify's 10 s default.
    pluginTimeout: 180_000,
    // Room for long parameters such as an ACL privilege list (its schema allows 2000).
    routerOptions: { maxParamLength: 4096 },
    // Above the largest field a schema allows, so an oversized field gets a 400 that names it.
    bodyLimit: 2 * 1024 * 1024,
    // request.ip and request.protocol (sign-in lockout, rate limits, Secure cookies) behind a proxy.
    trustProxy: config.trustProxy,
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const fastify = Fastify(serverOptions(options.config)).withTypeProvider<TypeBoxTypeProvider>();
  useValidators(fastify);
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await fastify.register(app, options);
  return fastify;
}
