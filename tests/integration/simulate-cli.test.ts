import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAD_TEST_NAME, provisionLoadTest } from '../../server/simulator/load-api.ts';
import { startTestApp, usesServices, type TestApp } from '../helpers/test-app.ts';
import { PASSWORD, seedWorld } from '../helpers/world.ts';

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/simulate.ts', ...args], {
      env: { PATH: process.env.PATH ?? '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run simulate', () => {
  it('explains a bad command line and exits with 2', async () => {
    const result = await runCli(['--devices', 'many']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--devices must be a whole number/);
    expect(result.stderr).toMatch(/Usage: npm run simulate/);
  });

  it.runIf(usesServices && process.env.MQTT_URL)(
    'publishes every message it logs as acknowledged, in sequence, to the broker',
    async () => {
      const url = process.env.MQTT_URL ?? '';
      // A registry id no other test uses, so the subscription sees only this run.
      const registry = 900_000 + Math.floor(Math.random() * 99_999);
      const received: { topic: string; ts: number; seq: number }[] = [];
      const watcher = await mqtt.connectAsync(url);
      watcher.on('message', (topic, payload) => {
        const body = JSON.parse(payload.toString()) as { ts: number; seq: number };
        received.push({ topic, ts: body.ts, seq: body.seq });
      });
      await watcher.subscribeAsync(`registries/${registry}/devices/+/data`, { qos: 1 });
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-simulate-'));
      const logFile = path.join(dir, 'acked.csv');
      try {
        const result = await runCli([
          '--devices',
          '5',
          '--rate',
          '100',
          '--url',
          url,
          '--registry',
          String(registry),
          '--token',
          'nly_load-test',
          '--device-ids',
          '101-105',
          '--duration',
          '2',
          '--log',
          logFile,
        ]);
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(result.stdout).toMatch(/Publishing as 5 devices at 100 msg\/s/);
        expect(result.stdout).toMatch(/lost\s+0/);

        const lines = (await fs.readFile(logFile, 'utf8')).trim().split('\n');
        expect(lines[0]).toBe('deviceId,ts,seq');
        const acked = lines.slice(1).map((line) => line.split(',').map(Number));
        expect(acked.length).toBeGreaterThan(100);
        expect(result.stdout).toContain(`acked        ${acked.length}`);

        // Every acknowledged message reached a subscriber, with its ts and seq.
        await expect.poll(() => received.length, { timeout: 5_000 }).toBe(acked.length);
        const seen = new Set(received.map((r) => `${r.topic.split('/')[3]},${r.ts},${r.seq}`));
        for (const [device, ts, seq] of acked)
          expect(seen.has(`${device},${ts},${seq}`)).toBe(true);

        // Per device: seq runs 1, 2, 3, … and ts strictly rises.
        for (let device = 101; device <= 105; device++) {
          const mine = acked
            .filter(([d]) => d === device)
            .sort((a, b) => (a[2] ?? 0) - (b[2] ?? 0));
          expect(mine.length).toBeGreaterThan(10);
          mine.forEach(([, ts, seq], i) => {
            expect(seq).toBe(i + 1);
            if (i > 0) expect(ts).toBeGreaterThan(mine[i - 1]?.[1] ?? Infinity);
          });
        }
      } finally {
        await watcher.endAsync();
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('load test set-up through the v2 API', () => {
  let t: TestApp;
  let apiUrl: string;

  beforeAll(async () => {
    t = await startTestApp();
    await seedWorld(t.app.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    apiUrl = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await t.close();
  });

  it('creates a registry, devices and a registry token, and reuses them the next time', async () => {
    const first = await provisionLoadTest(apiUrl, 'manager.a@world.test', PASSWORD, 3);
    expect(first.created).toBe(3);
    const registry = await t.app.db
      .selectFrom('registries')
      .select(['id', 'name', 'protocol'])
      .where('id', '=', first.registryId)
      .executeTakeFirstOrThrow();
    expect(registry).toMatchObject({ name: LOAD_TEST_NAME, protocol: 'mqtt' });
    const devices = await t.app.db
      .selectFrom('devices')
      .select(['id', 'registry_id', 'unique_name'])
      .where('registry_id', '=', first.registryId)
      .orderBy('unique_name')
      .execute();
    // Devices are created concurrently, so ids need not follow the names.
    expect(devices.map((d) => [d.unique_name, d.id])).toEqual(
      first.devices.map((d, i) => [
        `load-${first.registryId}-${String(i + 1).padStart(6, '0')}`,
        d.deviceId,
      ]),
    );
    expect(devices[0]?.unique_name).toBe(`load-${first.registryId}-000001`);
    const token = await t.app.db
      .selectFrom('api_tokens')
      .select(['type', 'reference'])
      .where('label', '=', LOAD_TEST_NAME)
      .executeTakeFirstOrThrow();
    expect(token).toEqual({ type: 'registry', reference: first.registryId });
    expect(first.token).toMatch(/^nly_/);

    const second = await provisionLoadTest(apiUrl, 'manager.a@world.test', PASSWORD, 5);
    expect(second.registryId).toBe(first.registryId);
    expect(second.created).toBe(2);
    expect(second.devices.slice(0, 3)).toEqual(first.devices);
  });

  it('says why when sign-in fails', async () => {
    await expect(
      provisionLoadTest(apiUrl, 'manager.a@world.test', 'wrong-password', 1),
    ).rejects.toThrow(/auth\/basic answered 401/);
  });
});
