import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      mqttPort: 1883,
      databaseUrl: undefined,
      mqttUrl: undefined,
      redisUrl: undefined,
      redisPrefix: 'nordlys',
      smtpUrl: undefined,
      publicUrl: 'http://localhost:8080',
      logLevel: 'info',
      demo: true,
      demoPassword: undefined,
      demoHistoryDays: 90,
      simulate: true,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/nordlys',
      DATABASE_URL: 'postgres://u:p@db:5432/nordlys',
      MQTT_URL: 'mqtt://broker:1883',
      MQTT_PORT: '1884',
      REDIS_URL: 'redis://cache:6379',
      REDIS_PREFIX: 'iot-prod',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://iot.example.com/',
      LOG_LEVEL: 'DEBUG',
      LOG_FORMAT: 'json',
      DEMO: '0',
      DEMO_PASSWORD: 'long enough',
      DEMO_HISTORY_DAYS: '7',
      SIMULATE: '1',
      MQTT_CLIENT_ID: 'nordlys-node-1',
      MQTT_SHARE_GROUP: 'ingest-eu',
      MQTT_SESSION_EXPIRY: '600',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/nordlys',
      databaseUrl: 'postgres://u:p@db:5432/nordlys',
      mqttUrl: 'mqtt://broker:1883',
      mqttPort: 1884,
      redisUrl: 'redis://cache:6379',
      redisPrefix: 'iot-prod',
      smtpUrl: 'smtp://mail:25',
      publicUrl: 'https://iot.example.com',
      logLevel: 'debug',
      logFormat: 'json',
      demo: false,
      demoPassword: 'long enough',
      demoHistoryDays: 7,
      simulate: true,
      mqttClientId: 'nordlys-node-1',
      mqttShareGroup: 'ingest-eu',
      mqttSessionExpirySeconds: 600,
    });
  });

  it('refuses MQTT names that would break a topic filter', () => {
    expect(() => loadConfig({ MQTT_SHARE_GROUP: 'a/b', MQTT_SESSION_EXPIRY: '-1' })).toThrow(
      /MQTT_SHARE_GROUP[\s\S]*MQTT_SESSION_EXPIRY/,
    );
  });

  it('reads the address ranges MQTT forwards may reach, none unless set', () => {
    expect(loadConfig({}).mqttForwardAllow).toEqual([]);
    expect(
      loadConfig({ MQTT_FORWARD_ALLOW: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).mqttForwardAllow,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
    expect(() => loadConfig({ MQTT_FORWARD_ALLOW: '10.0.0.0/33,broker.local' })).toThrow(
      /MQTT_FORWARD_ALLOW must list IP addresses or CIDR ranges .*"10\.0\.0\.0\/33", "broker\.local"/,
    );
  });

  it('reads the address service: the public one by default, another, or off', () => {
    expect(loadConfig({}).address).toEqual({
      url: 'https://api.dataforsyningen.dk',
      timeoutMs: 2500,
    });
    expect(
      loadConfig({ ADDRESS_URL: 'http://dawa.local:3000/', ADDRESS_TIMEOUT_MS: '800' }).address,
    ).toEqual({ url: 'http://dawa.local:3000/', timeoutMs: 800 });
    expect(loadConfig({ ADDRESS_URL: 'off' }).address).toBeNull();
    expect(() => loadConfig({ ADDRESS_URL: 'ftp://x', ADDRESS_TIMEOUT_MS: '10' })).toThrow(
      /ADDRESS_URL[\s\S]*ADDRESS_TIMEOUT_MS must be at least 100/,
    );
  });

  it('reads the weather provider: Open-Meteo by default, a mirror, or off', () => {
    expect(loadConfig({}).weather).toEqual({
      url: 'https://api.open-meteo.com',
      archiveUrl: 'https://archive-api.open-meteo.com',
      timeoutMs: 2500,
    });
    expect(
      loadConfig({
        WEATHER_URL: 'http://meteo.local:8080/',
        WEATHER_ARCHIVE_URL: 'http://meteo.local:8081',
        WEATHER_TIMEOUT_MS: '800',
      }).weather,
    ).toEqual({
      url: 'http://meteo.local:8080/',
      archiveUrl: 'http://meteo.local:8081',
      timeoutMs: 800,
    });
    expect(loadConfig({ WEATHER_URL: 'off' }).weather).toBeNull();
    expect(() =>
      loadConfig({ WEATHER_URL: 'ftp://x', WEATHER_ARCHIVE_URL: 'x', WEATHER_TIMEOUT_MS: '10' }),
    ).toThrow(
      /WEATHER_URL[\s\S]*WEATHER_ARCHIVE_URL[\s\S]*WEATHER_TIMEOUT_MS must be at least 100/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', MQTT_URL: '  ' })).toMatchObject({
      databaseUrl: undefined,
      mqttUrl: undefined,
    });
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: '70000',
        MQTT_PORT: 'x',
        DATABASE_URL: 'mysql://db',
        MQTT_URL: 'not a url',
        LOG_LEVEL: 'chatty',
        DEMO: 'maybe',
        DEMO_PASSWORD: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems } = error as ConfigError;
    expect(problems).toHaveLength(7);
    expect(problems.join('\n')).toMatch(/PORT must be a port number.*70000/);
    expect(problems.join('\n')).toMatch(/MQTT_PORT must be a port number/);
    expect(problems.join('\n')).toMatch(
      /DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//,
    );
    expect(problems.join('\n')).toMatch(/MQTT_URL is not a valid URL/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL must be one of/);
    expect(problems.join('\n')).toMatch(/DEMO must be 1 or 0/);
    expect(problems.join('\n')).toMatch(/DEMO_PASSWORD must contain at least 8 characters/);
  });

  it('runs the simulator with demo data, except in test runs unless asked', () => {
    expect(loadConfig({ DEMO: '0' }).simulate).toBe(false);
    expect(loadConfig({ SIMULATE: '0' }).simulate).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).simulate).toBe(false);
    expect(loadConfig({ VITEST: 'true' }).simulate).toBe(false);
    expect(loadConfig({ VITEST: 'true', SIMULATE: '1' }).simulate).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).simulate).toBe(true);
  });

  it('refuses a bad SIMULATE or DEMO_HISTORY_DAYS', () => {
    expect(() => loadConfig({ SIMULATE: 'sometimes' })).toThrow(/SIMULATE must be 1 or 0/);
    expect(() => loadConfig({ DEMO_HISTORY_DAYS: '-1' })).toThrow(/DEMO_HISTORY_DAYS must be/);
    expect(() => loadConfig({ DEMO_HISTORY_DAYS: '400' })).toThrow(/from 0 to 366/);
    expect(loadConfig({ DEMO_HISTORY_DAYS: '0' }).demoHistoryDays).toBe(0);
  });

  it('reads which proxies are trusted, none unless set', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'the proxy' })).toThrow(
      /TRUST_PROXY must be true, false, or the proxies' addresses/,
    );
  });

  it('reads the metrics token, none (no /metrics) unless set', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe(
      'a-long-enough-token',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be 16/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has spaces in the token' })).toThrow(
      /METRICS_TOKEN must be/,
    );
  });

  it('reads the load-shedding limits, 500 in flight and 5 s of database wait unless set', () => {
    expect(loadConfig({})).toMatchObject({ maxInFlight: 500, maxDbWaitMs: 5000 });
    expect(loadConfig({ MAX_IN_FLIGHT: '2000', MAX_DB_WAIT_MS: '250' })).toMatchObject({
      maxInFlight: 2000,
      maxDbWaitMs: 250,
    });
    expect(() => loadConfig({ MAX_IN_FLIGHT: '0' })).toThrow(/MAX_IN_FLIGHT must be at least 1/);
    expect(() => loadConfig({ MAX_DB_WAIT_MS: '10' })).toThrow(
      /MAX_DB_WAIT_MS must be at least 100/,
    );
    expect(() => loadConfig({ MAX_IN_FLIGHT: 'lots' })).toThrow(/MAX_IN_FLIGHT must be/);
  });

  it('reads the sign-in limit, 60 a minute unless set, never 0', () => {
    expect(loadConfig({}).signInLimit).toBe(60);
    expect(loadConfig({ SIGNIN_LIMIT: '600' }).signInLimit).toBe(600);
    expect(() => loadConfig({ SIGNIN_LIMIT: '0' })).toThrow(/SIGNIN_LIMIT must be at least 1/);
    expect(() => loadConfig({ SIGNIN_LIMIT: 'many' })).toThrow(/SIGNIN_LIMIT must be/);
  });

  it('reads the limits on MQTT connections not signed in yet, never 0', () => {
    expect(loadConfig({})).toMatchObject({ mqttPendingLimit: 1000, mqttPendingPerAddress: 50 });
    expect(loadConfig({ MQTT_PENDING_LIMIT: '20000', MQTT_PENDING_PER_IP: '500' })).toMatchObject({
      mqttPendingLimit: 20000,
      mqttPendingPerAddress: 500,
    });
    expect(() => loadConfig({ MQTT_PENDING_LIMIT: '0' })).toThrow(
      /MQTT_PENDING_LIMIT must be at least 1/,
    );
    expect(() => loadConfig({ MQTT_PENDING_PER_IP: 'lots' })).toThrow(
      /MQTT_PENDING_PER_IP must be a whole number/,
    );
  });

  it('hides passwords in URLs it logs', () => {
    expect(redactUrl('postgres://user:secret@db/x')).toBe('postgres://user:***@db/x');
    expect(redactUrl('mqtt://broker')).toBe('mqtt://broker');
  });
});

describe('console settings in the configuration', () => {
  it('reads the beta flag and per-service URLs, defaulting each service to /api', () => {
    const config = loadConfig({
      BETA: '1',
      SERVICE_URLS: '{"auth":"https://auth.beta.example/api/","rest":"/rest"}',
    });
    expect(config.beta).toBe(true);
    expect(config.serviceUrls).toEqual({
      auth: 'https://auth.beta.example/api',
      core: '/api',
      dataBroker: '/api',
      eventBroker: '/api',
      functions: '/api',
      api: '/api',
      rest: '/rest',
    });
  });

  it('refuses unknown services and bad URLs in SERVICE_URLS', () => {
    expect(() => loadConfig({ SERVICE_URLS: 'not json' })).toThrow(
      /SERVICE_URLS must be a JSON object/,
    );
    expect(() => loadConfig({ SERVICE_URLS: '{"weather":"/w"}' })).toThrow(
      /unknown service "weather"/,
    );
    expect(() => loadConfig({ SERVICE_URLS: '{"auth":"javascript:x"}' })).toThrow(
      /SERVICE_URLS.auth/,
    );
  });

  it('turns third-party sign-in on with a client id, Google by default', () => {
    expect(loadConfig({}).oidc).toBeNull();
    expect(loadConfig({ OIDC_CLIENT_ID: 'abc' }).oidc).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'abc',
      jwksUrl: undefined,
    });
  });

  it('derives the mail sender from the public URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://iot.example.com' }).mailFrom).toBe(
      'Nordlys <no-reply@iot.example.com>',
    );
    expect(loadConfig({}).mailFrom).toBe('Nordlys <no-reply@localhost.localdomain>');
  });
});
