import { describe, expect, it } from 'vitest';
import { useWorldApp } from '../helpers/world-app.ts';

describe('cloud function test runs', () => {
  const t = useWorldApp();
  const { as } = t;

  it('runs a decoder against a sample payload and returns output, logs and duration', async () => {
    const res = await as('managerA', 'POST', '/api/v2/cloudfunction/test', {
      code: "function main(input) { console.log('got', input.c); return [{ key: 'countIn', value: input.c }]; }",
      input: { c: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      output: [{ key: 'countIn', value: 3 }],
      logs: [{ level: 'log', message: 'got 3' }],
      durationMs: expect.any(Number),
    });
  });

  it('stops an endless loop with a clear error, and the server goes on', async () => {
    const loop = await as('managerA', 'POST', '/api/v2/cloudfunction/test', {
      code: 'function main() { while (true) {} }',
      input: null,
    });
    expect(loop.json()).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('gives user code no host access', async () => {
    const res = await as('managerA', 'POST', '/api/v2/cloudfunction/test', {
      code: 'function main() { return [typeof process, typeof require, typeof fetch]; }',
      input: null,
    });
    expect(res.json()).toMatchObject({ ok: true, output: ['undefined', 'undefined', 'undefined'] });
  });

  it('is for those who may write functions', async () => {
    const res = await as('userA', 'POST', '/api/v2/cloudfunction/test', {
      code: 'function main() { return 1; }',
      input: null,
    });
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v2/cloudfunction/test',
      payload: { code: '', input: null },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
