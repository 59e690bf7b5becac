import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../server/db/json.ts';
import { brandingRepository } from '../../server/repositories/branding-repository.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// A built console as the build leaves it: index.html, and login.html, the same page with
// the sign-in page's first screen in it (scripts/first-screen.ts).
const index = '<!doctype html><html><body><div id="root">index</div></body></html>';
const signIn = '<!doctype html><html><body><div id="root">first screen</div></body></html>';

async function builtConsole(): Promise<string> {
  const webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-first-screen-'));
  await fs.writeFile(path.join(webRoot, 'index.html'), index);
  await fs.writeFile(path.join(webRoot, 'login.html'), signIn);
  return webRoot;
}

describe('the sign-in page’s first screen, sent in its HTML', () => {
  let webRoot: string;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    webRoot = await builtConsole();
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await fs.rm(webRoot, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}) => {
    const t = await startTestApp({ webRoot, env });
    apps.push(t);
    return t;
  };
  const page = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('is sent for /login on a host without branding of its own, never cached, and for no other page', async () => {
    const t = await start();
    for (const url of ['/login', '/login/', '/login?redirect=%2Fdevices']) {
      const res = await page(t, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(signIn);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      // A cache between must not hand one host's sign-in page to another.
      expect(String(res.headers.vary), url).toMatch(/host/);
    }
    for (const url of ['/dashboard', '/login/callback', '/password/reset/da', '/']) {
      expect((await page(t, url)).body, url).toBe(index);
    }
  });

  it('is not sent on a host with branding of its own, which the build cannot know', async () => {
    const t = await start();
    await brandingRepository(t.database.db).upsert({
      host: 'iot.brand.example',
      title: 'Brand IoT',
      login_text: null,
      url: null,
      copyright_text: null,
      gdpr_url: null,
      cookie_url: null,
      logo: null,
      favicon: null,
      colors: json({ primary: '#aa0000' }),
    });
    expect((await page(t, '/login', { host: 'iot.brand.example' })).body).toBe(index);
    // The console names its host in a header where a proxy stands between.
    expect((await page(t, '/login', { 'x-whitelabel-host': 'iot.brand.example' })).body).toBe(
      index,
    );
    expect((await page(t, '/login', { host: 'other.example' })).body).toBe(signIn);
  });

  it('is not sent when the sign-in page shows more than the build rendered: third-party sign-in, a beta', async () => {
    const oidc = await start({ OIDC_CLIENT_ID: 'nordlys-console' });
    expect((await page(oidc, '/login')).body).toBe(index);
    const beta = await start({ BETA: 'true' });
    expect((await page(beta, '/login')).body).toBe(index);
  });
});
