import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll } from '../helpers/world.ts';

type As = Awaited<ReturnType<typeof signInAll>>['as'];

describe('white-label branding and runtime configuration', () => {
  let t: TestApp;
  let as: As;
  const host = 'iot.kunde.example';
  const branding = {
    title: 'Kunde IoT',
    loginText: 'Velkommen til Kunde IoT',
    url: 'https://kunde.example/om',
    copyrightText: '© Kunde A/S',
    cookieUrl: 'https://kunde.example/cookies',
    logo: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    colors: { primary: '#aa3300' },
  };

  beforeAll(async () => {
    t = await startTestApp({
      env: { BETA: '1', SERVICE_URLS: '{"auth":"https://auth.beta.example/api"}' },
    });
    await seedWorld(t.database.db);
    ({ as } = await signInAll(t.app));
  });

  afterAll(async () => {
    await t.close();
  });

  it('serves Nordlys’ own branding for a host without any', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/branding',
      headers: { host: 'localhost:8080' },
    });
    expect(res.json()).toMatchObject({ host: 'localhost', custom: false, title: null, colors: {} });
  });

  it('lets a super user brand a host, which anyone then sees by host name', async () => {
    const saved = await as('super', 'PUT', `/api/branding/${host}`, branding);
    expect(saved.statusCode).toBe(200);
    const byHost = await t.app.inject({
      method: 'GET',
      url: '/api/branding',
      headers: { host: `${host}:443` },
    });
    expect(byHost.json()).toMatchObject({ host, custom: true, ...branding });
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/api/branding',
      headers: { 'x-whitelabel-host': host },
    });
    expect(byHeader.json()).toMatchObject({ title: 'Kunde IoT' });
    const list = await as('super', 'GET', '/api/branding/hosts');
    expect(list.json<{ host: string }[]>().map((b) => b.host)).toContain(host);
  });

  it('makes the web app manifest follow the host’s branding', async () => {
    await as('super', 'PUT', `/api/branding/${host}`, branding);
    const own = await t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: 'localhost' },
    });
    expect(own.headers['content-type']).toContain('application/manifest+json');
    expect(own.json()).toMatchObject({
      name: 'Nordlys',
      theme_color: '#00796b',
      start_url: '/dashboard',
    });
    expect(own.json<{ icons: { sizes: string }[] }>().icons.map((i) => i.sizes)).toContain(
      '512x512',
    );
    const branded = await t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host },
    });
    expect(branded.json()).toMatchObject({
      name: 'Kunde IoT',
      theme_color: '#aa3300',
      icons: [{ src: branding.logo }],
    });
  });

  it('keeps branding to super users and checks what it stores', async () => {
    for (const who of ['managerA', 'userA'] as const) {
      expect((await as(who, 'PUT', `/api/branding/${host}`, { title: 'Hijack' })).statusCode).toBe(
        403,
      );
      expect((await as(who, 'DELETE', `/api/branding/${host}`)).statusCode).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/branding/${host}`, payload: { title: 'x' } }))
        .statusCode,
    ).toBe(401);
    const script = await as('super', 'PUT', `/api/branding/${host}`, {
      logo: 'javascript:alert(1)',
    });
    expect(script.statusCode).toBe(400);
    const colour = await as('super', 'PUT', `/api/branding/${host}`, {
      colors: { primary: 'red; background:url(x)' },
    });
    expect(colour.statusCode).toBe(400);
    const badHost = await as('super', 'PUT', '/api/branding/Not_A_Host', { title: 'x' });
    expect(badHost.statusCode).toBe(400);
  });

  it('removes a host’s branding', async () => {
    await as('super', 'PUT', '/api/branding/gone.example', { title: 'Gone' });
    expect((await as('super', 'DELETE', '/api/branding/gone.example')).json()).toEqual({
      ok: true,
    });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/branding',
      headers: { host: 'gone.example' },
    });
    expect(after.json()).toMatchObject({ custom: false, title: null });
  });

  it('tells the console its version, beta flag, service URLs and sign-in options before sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: expect.any(String),
      beta: true,
      services: { auth: 'https://auth.beta.example/api', core: '/api', dataBroker: '/api' },
      thirdPartySignIn: null,
    });
  });
});
