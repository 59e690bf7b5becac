import os from 'node:os';
import path from 'node:path';
import { serviceNames, type ServiceName } from '../contracts/config.ts';
import { parseRange } from './lib/ip-address.ts';
import { MAP_ZOOM_LIMIT, readMapTilesOrigin, type MapTilesSetting } from './map/tiles-setting.ts';

/**
 * Configuration comes from environment variables only, is validated once at
 * start-up, and fails with one message that names every bad variable.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  mqttPort: number;
  /**
   * External broker only: the ingest connection's client id. Its session (and
   * the messages not yet acknowledged) outlives a crash, so keep it stable per node.
   */
  mqttClientId: string;
  /** External broker only: the shared-subscription group the API nodes split ingest in. */
  mqttShareGroup: string;
  /** External broker only: how long the broker keeps the ingest session while the node is away. */
  mqttSessionExpirySeconds: number;
  /** Embedded broker: connections that have not signed in yet, in all and from one address. */
  mqttPendingLimit: number;
  mqttPendingPerAddress: number;
  /** Non-public address ranges (CIDR) devices' MQTT forwards may reach after all. */
  mqttForwardAllow: string[];
  redisUrl: string | undefined;
  /** Prefix of the live feed's Redis channels: deployments sharing one Redis use different ones. */
  redisPrefix: string;
  smtpUrl: string | undefined;
  publicUrl: string;
  logLevel: LogLevel;
  logFormat: 'pretty' | 'json';
  demo: boolean;
  demoPassword: string | undefined;
  /** Days of past counter data the demo world starts with (0: none). */
  demoHistoryDays: number;
  /** The built-in simulator of the demo counters; on with demo data, off in tests unless asked. */
  simulate: boolean;
  /** Sign-in attempts a minute from one address; one account from one address gets a third of it. */
  signInLimit: number;
  /**
   * Proxies in front of Nordlys whose X-Forwarded-For and X-Forwarded-Proto
   * are believed (Fastify's trustProxy): their addresses and ranges, or true
   * for any. False: the connecting address is the client's.
   */
  trustProxy: boolean | string[];
  mailFrom: string;
  /** The beta deployment: the console shows a dismissible beta banner. */
  beta: boolean;
  /** Per-service API base URLs for the console (a split deployment); each defaults to /api. */
  serviceUrls: Record<ServiceName, string>;
  /** Bearer token that /metrics asks for; without one /metrics is not served. */
  metricsToken: string | undefined;
  /** API requests in progress beyond which new ones are answered 503 (load shedding). */
  maxInFlight: number;
  /** How long a query may have waited for a database connection before new API requests are answered 503. */
  maxDbWaitMs: number;
  /** Third-party sign-in (OpenID Connect); off unless OIDC_CLIENT_ID is set. */
  oidc: { issuer: string; clientId: string; jwksUrl: string | undefined } | null;
  /** The Danish address service (reverse lookup and search); null: off (ADDRESS_URL=off). */
  address: { url: string; timeoutMs: number } | null;
  /** Weather for chart tooltips (Open-Meteo's forecast and archive APIs); null: off (WEATHER_URL=off). */
  weather: { url: string; archiveUrl: string; timeoutMs: number } | null;
  /** Maps' own tiles (MAP_TILES, docs/maps.md); null: every map draws the shipped basemap only. */
  mapTiles: MapTilesSetting | null;
}

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const port = readPort(read('PORT'), 8080, 'PORT', problems);
  const mqttPort = readPort(read('MQTT_PORT'), 1883, 'MQTT_PORT', problems);
  const databaseUrl = readUrl(
    read('DATABASE_URL'),
    ['postgres:', 'postgresql:'],
    'DATABASE_URL',
    problems,
  );
  const mqttUrl = readUrl(
    read('MQTT_URL'),
    ['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:'],
    'MQTT_URL',
    problems,
  );
  const mqttClientId = read('MQTT_CLIENT_ID') ?? `nordlys-${os.hostname()}`;
  const mqttShareGroup = read('MQTT_SHARE_GROUP') ?? 'nordlys-ingest';
  for (const [name, value] of [
    ['MQTT_CLIENT_ID', mqttClientId],
    ['MQTT_SHARE_GROUP', mqttShareGroup],
  ]) {
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(value ?? '')) {
      problems.push(`${name} may hold only letters, digits, ".", "_" and "-" (at most 64)`);
    }
  }
  const sessionExpiry = read('MQTT_SESSION_EXPIRY') ?? '3600';
  const mqttSessionExpirySeconds = Number(sessionExpiry);
  if (!/^\d{1,10}$/.test(sessionExpiry) || mqttSessionExpirySeconds > 4294967295) {
    problems.push(`MQTT_SESSION_EXPIRY must be a number of seconds (got "${sessionExpiry}")`);
  }
  const mqttPendingLimit = readCount(
    read('MQTT_PENDING_LIMIT'),
    1000,
    1_000_000,
    'MQTT_PENDING_LIMIT',
    problems,
  );
  const mqttPendingPerAddress = readCount(
    read('MQTT_PENDING_PER_IP'),
    50,
    1_000_000,
    'MQTT_PENDING_PER_IP',
    problems,
  );
  if (mqttPendingLimit === 0) problems.push('MQTT_PENDING_LIMIT must be at least 1');
  if (mqttPendingPerAddress === 0) problems.push('MQTT_PENDING_PER_IP must be at least 1');
  const mqttForwardAllow = readRanges(read('MQTT_FORWARD_ALLOW'), 'MQTT_FORWARD_ALLOW', problems);
  const redisUrl = readUrl(read('REDIS_URL'), ['redis:', 'rediss:'], 'REDIS_URL', problems);
  const redisPrefix = read('REDIS_PREFIX') ?? 'nordlys';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(redisPrefix)) {
    problems.push('REDIS_PREFIX must be 1 to 64 letters, digits or : _ . -');
  }
  const smtpUrl = readUrl(read('SMTP_URL'), ['smtp:', 'smtps:'], 'SMTP_URL', problems);

  const logLevel = (read('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!isLogLevel(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${logLevel}")`);
  }

  const logFormat = (
    read('LOG_FORMAT') ?? (process.stdout.isTTY ? 'pretty' : 'json')
  ).toLowerCase();
  if (logFormat !== 'pretty' && logFormat !== 'json') {
    problems.push(`LOG_FORMAT must be pretty or json (got "${logFormat}")`);
  }

  const demo = readBoolean(read('DEMO'), true, 'DEMO', problems);
  const demoPassword = read('DEMO_PASSWORD');
  if (demoPassword !== undefined && demoPassword.length < 8) {
    problems.push('DEMO_PASSWORD must contain at least 8 characters');
  }

  const demoHistoryDays = readCount(
    read('DEMO_HISTORY_DAYS'),
    90,
    366,
    'DEMO_HISTORY_DAYS',
    problems,
  );
  const signInLimit = readCount(read('SIGNIN_LIMIT'), 60, 100_000, 'SIGNIN_LIMIT', problems);
  if (signInLimit === 0) problems.push('SIGNIN_LIMIT must be at least 1');
  const trustProxy = readTrustProxy(read('TRUST_PROXY'), problems);

  // Test runs build many apps with demo data; a simulator in each would only add noise.
  const testRun = env.NODE_ENV === 'test' || env.VITEST !== undefined;
  const simulate = readBoolean(read('SIMULATE'), demo && !testRun, 'SIMULATE', problems);

  const host = read('HOST') ?? '0.0.0.0';
  const publicUrl =
    readUrl(read('PUBLIC_URL'), ['http:', 'https:'], 'PUBLIC_URL', problems) ??
    `http://localhost:${port}`;

  const oidcClientId = read('OIDC_CLIENT_ID');
  const oidcIssuer =
    readUrl(read('OIDC_ISSUER'), ['https:', 'http:'], 'OIDC_ISSUER', problems) ??
    'https://accounts.google.com';
  const oidcJwksUrl = readUrl(
    read('OIDC_JWKS_URL'),
    ['https:', 'http:'],
    'OIDC_JWKS_URL',
    problems,
  );

  const beta = readBoolean(read('BETA'), false, 'BETA', problems);
  const serviceUrls = readServiceUrls(read('SERVICE_URLS'), problems);

  const metricsToken = read('METRICS_TOKEN');
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,200}$/.test(metricsToken)) {
    problems.push('METRICS_TOKEN must be 16 to 200 printable characters without spaces');
  }
  const maxInFlight = readCount(read('MAX_IN_FLIGHT'), 500, 1_000_000, 'MAX_IN_FLIGHT', problems);
  if (maxInFlight === 0) problems.push('MAX_IN_FLIGHT must be at least 1');
  const maxDbWaitMs = readCount(read('MAX_DB_WAIT_MS'), 5000, 600_000, 'MAX_DB_WAIT_MS', problems);
  if (maxDbWaitMs < 100) problems.push('MAX_DB_WAIT_MS must be at least 100');

  const mailFrom = read('MAIL_FROM') ?? `Nordlys <no-reply@${hostOf(publicUrl)}>`;

  const addressRaw = read('ADDRESS_URL');
  const addressUrl =
    addressRaw === 'off'
      ? null
      : (readUrl(addressRaw, ['https:', 'http:'], 'ADDRESS_URL', problems) ??
        'https://api.dataforsyningen.dk');
  const addressTimeoutMs = readCount(
    read('ADDRESS_TIMEOUT_MS'),
    2500,
    60_000,
    'ADDRESS_TIMEOUT_MS',
    problems,
  );
  if (addressTimeoutMs < 100) problems.push('ADDRESS_TIMEOUT_MS must be at least 100');

  const weatherRaw = read('WEATHER_URL');
  const weatherUrl =
    weatherRaw === 'off'
      ? null
      : (readUrl(weatherRaw, ['https:', 'http:'], 'WEATHER_URL', problems) ??
        'https://api.open-meteo.com');
  const weatherArchiveUrl =
    readUrl(read('WEATHER_ARCHIVE_URL'), ['https:', 'http:'], 'WEATHER_ARCHIVE_URL', problems) ??
    'https://archive-api.open-meteo.com';
  const weatherTimeoutMs = readCount(
    read('WEATHER_TIMEOUT_MS'),
    2500,
    60_000,
    'WEATHER_TIMEOUT_MS',
    problems,
  );
  if (weatherTimeoutMs < 100) problems.push('WEATHER_TIMEOUT_MS must be at least 100');

  const mapTiles = readMapTiles(read, problems);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    dataDir: path.resolve(read('DATA_DIR') ?? './data'),
    databaseUrl,
    mqttUrl,
    mqttPort,
    mqttClientId,
    mqttShareGroup,
    mqttSessionExpirySeconds,
    mqttPendingLimit,
    mqttPendingPerAddress,
    mqttForwardAllow,
    redisUrl,
    redisPrefix,
    smtpUrl,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    logLevel: logLevel as LogLevel,
    logFormat: logFormat === 'pretty' ? 'pretty' : 'json',
    demo,
    demoPassword,
    demoHistoryDays,
    simulate,
    signInLimit: Math.max(1, signInLimit),
    trustProxy,
    mailFrom,
    beta,
    serviceUrls,
    metricsToken,
    maxInFlight,
    maxDbWaitMs,
    oidc: oidcClientId
      ? { issuer: oidcIssuer, clientId: oidcClientId, jwksUrl: oidcJwksUrl }
      : null,
    address: addressUrl ? { url: addressUrl, timeoutMs: addressTimeoutMs } : null,
    weather: weatherUrl
      ? { url: weatherUrl, archiveUrl: weatherArchiveUrl, timeoutMs: weatherTimeoutMs }
      : null,
    mapTiles,
  };
}

function readMapTiles(
  read: (name: string) => string | undefined,
  problems: string[],
): MapTilesSetting | null {
  const origin = readMapTilesOrigin(read('MAP_TILES'), problems);
  const minZoom = readCount(
    read('MAP_TILES_MIN_ZOOM'),
    0,
    MAP_ZOOM_LIMIT,
    'MAP_TILES_MIN_ZOOM',
    problems,
  );
  const maxRaw = read('MAP_TILES_MAX_ZOOM');
  const maxZoom =
    maxRaw === undefined
      ? undefined
      : readCount(maxRaw, MAP_ZOOM_LIMIT, MAP_ZOOM_LIMIT, 'MAP_TILES_MAX_ZOOM', problems);
  if (maxZoom !== undefined && minZoom > maxZoom) {
    problems.push('MAP_TILES_MIN_ZOOM must not be above MAP_TILES_MAX_ZOOM');
  }
  const attribution = read('MAP_TILES_ATTRIBUTION');
  if (attribution !== undefined && attribution.length > 1000) {
    problems.push('MAP_TILES_ATTRIBUTION must be at most 1000 characters');
  }
  return origin ? { ...origin, attribution, minZoom, maxZoom } : null;
}

function readServiceUrls(raw: string | undefined, problems: string[]): Record<ServiceName, string> {
  const urls = Object.fromEntries(serviceNames.map((name) => [name, '/api'])) as Record<
    ServiceName,
    string
  >;
  if (raw === undefined) return urls;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push(
      'SERVICE_URLS must be a JSON object such as {"auth":"https://auth.example.com/api"}',
    );
    return urls;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    problems.push('SERVICE_URLS must be a JSON object');
    return urls;
  }
  for (const [name, value] of Object.entries(parsed)) {
    if (!(serviceNames as readonly string[]).includes(name)) {
      problems.push(
        `SERVICE_URLS names an unknown service "${name}" (known: ${serviceNames.join(', ')})`,
      );
    } else if (typeof value !== 'string' || !/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(value)) {
      problems.push(`SERVICE_URLS.${name} must be an http(s) URL or a path`);
    } else {
      urls[name as ServiceName] = value.replace(/\/+$/, '');
    }
  }
  return urls;
}

/** A comma-separated list of IP addresses and CIDR ranges. */
function readRanges(raw: string | undefined, name: string, problems: string[]): string[] {
  if (raw === undefined) return [];
  const items = raw.split(',').map((item) => item.trim());
  const bad = items.filter((item) => parseRange(item) === undefined);
  if (bad.length > 0) {
    problems.push(
      `${name} must list IP addresses or CIDR ranges such as 10.0.0.0/8,fd00::/8 (not: ${bad.map((item) => `"${item}"`).join(', ')})`,
    );
    return [];
  }
  return items;
}

function readTrustProxy(raw: string | undefined, problems: string[]): boolean | string[] {
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  const ranges = readRanges(raw, 'TRUST_PROXY', []);
  if (ranges.length > 0) return ranges;
  problems.push(
    `TRUST_PROXY must be true, false, or the proxies' addresses or CIDR ranges such as 10.0.0.0/8 (got "${raw}")`,
  );
  return false;
}

function hostOf(url: string): string {
  const host = new URL(url).hostname;
  // A bare name such as "localhost" is no valid mail domain of its own.
  return host.includes('.') ? host : `${host}.localdomain`;
}

function isLogLevel(value: string): value is LogLevel {
  return (logLevels as readonly string[]).includes(value);
}

function readPort(raw: string | undefined, fallback: number, name: string, problems: string[]) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    problems.push(`${name} must be a port number from 0 to 65535 (got "${raw}")`);
    return fallback;
  }
  return value;
}

function readCount(
  raw: string | undefined,
  fallback: number,
  max: number,
  name: string,
  problems: string[],
) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > max) {
    problems.push(`${name} must be a whole number from 0 to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

function readUrl(
  raw: string | undefined,
  protocols: string[],
  name: string,
  problems: string[],
): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`${name} is not a valid URL (expected ${protocols.join(' or ')}//…)`);
    return undefined;
  }
  if (!protocols.includes(url.protocol)) {
    problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
    return undefined;
  }
  return raw;
}

function readBoolean(raw: string | undefined, fallback: boolean, name: string, problems: string[]) {
  if (raw === undefined) return fallback;
  const value = raw.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  problems.push(`${name} must be 1 or 0 (got "${raw}")`);
  return fallback;
}

/** A URL with its password hidden, for logs. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(invalid URL)';
  }
}
