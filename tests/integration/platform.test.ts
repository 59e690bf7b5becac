import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '@readme/openapi-parser';
import { Type } from 'typebox';
import { startTestApp, usesServices, type TestApp } from '../helpers/test-app.ts';

const METRICS_TOKEN = 'metrics-token-for-the-test';

describe('platform endpoints', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-web-'));
    await fs.mkdir(path.join(webRoot, 'assets'));
    await fs.writeFile(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Nordlys test</title>',
    );
    await fs.writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), 'export {};');
    t = await startTestApp({
      webRoot,
      env: { METRICS_TOKEN },
      beforeReady(app) {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail: password=hunter2');
        });
        app.post(
          '/api/test/echo',
          { schema: { body: Type.Object({ name: Type.String({ maxLength: 10 }) }) } },
          async (request) => request.body,
        );
      },
    });
  });

  afterAll(async () => {
    await t.close();
    await fs.rm(webRoot, { recursive: true, force: true });
  });

  it('answers liveness', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
  });

  it('is ready when the database and the broker are reachable, and says which it uses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      status: string;
      checks: Record<string, string>;
      database: string;
      broker: string;
    }>();
    expect(body.status).toBe('ready');
    expect(body.checks.database).toBe('up');
    expect(body.checks.broker).toBe('up');
    if (usesServices) {
      expect(body.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
      expect(body.broker).toBe(process.env.MQTT_URL ? 'external' : 'embedded');
      if (process.env.REDIS_URL) expect(body.checks.redis).toBe('up');
    } else {
      expect(body.database).toBe('pglite');
      expect(body.broker).toBe('embedded');
      expect(body.checks.redis).toBeUndefined();
    }
  });

  it('is unready when the database is gone', async () => {
    const other = await startTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unready', checks: { database: 'down' } });
    await other.app.close();
    await other.close().catch(() => undefined);
  });

  it('documents the API as valid OpenAPI 3.1, with a human page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready']),
    );
    await expect(validate(structuredClone(document) as never)).resolves.toBeTruthy();

    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('exposes Prometheus metrics including HTTP requests by route', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /nordlys_http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*\} \d+/,
    );
    expect(res.body).toContain('nordlys_process_resident_memory_bytes');
  });

  it('shows metrics only to the bearer of METRICS_TOKEN', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-the-same-size', METRICS_TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.body).not.toContain('nordlys_');
    }
  });

  it('does not serve metrics at all without METRICS_TOKEN', async () => {
    const bare = await startTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('nordlys_');
    } finally {
      await bare.close();
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/does-not-exist',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      statusCode: 404,
      message: expect.stringContaining('/api/does-not-exist'),
    });
  });

  it('answers bad input with 400 and a message that names the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'far too long a name' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/body\.name/);
    const missing = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('answers a failure with 500, the request id and no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json<{ message: string; requestId: string }>();
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('secret internal');
    expect(body.requestId).toBe(res.headers['x-request-id']);
  });

  it('keeps a well-formed request id from a proxy and replaces a malformed one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-123' },
    });
    expect(kept.headers['x-request-id']).toBe('proxy-123');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '<script>alert(1)</script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the console with long-lived caching for hashed assets and a fallback for deep links', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const deep = await t.app.inject({
      method: 'GET',
      url: '/sensor/42',
      headers: { accept: 'text/html' },
    });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('Nordlys test');
    expect(deep.headers['cache-control']).toBe('no-cache');

    // The API tokens page is /api; the API's own paths stay JSON.
    const tokensPage = await t.app.inject({
      method: 'GET',
      url: '/api?page=2',
      headers: { accept: 'text/html' },
    });
    expect(tokensPage.statusCode).toBe(200);
    expect(tokensPage.body).toContain('Nordlys test');
    const apiPath = await t.app.inject({
      method: 'GET',
      url: '/api/',
      headers: { accept: 'text/html' },
    });
    expect(apiPath.statusCode).toBe(404);
    expect(apiPath.json()).toMatchObject({ statusCode: 404 });

    const missingAsset = await t.app.inject({
      method: 'GET',
      url: '/assets/gone.js',
      headers: { accept: 'text/html' },
    });
    expect(missingAsset.statusCode).toBe(404);
  });
});
