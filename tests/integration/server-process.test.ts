import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { freePort } from '../helpers/free-port.ts';
import { createScratchDatabase, usesServices } from '../helpers/test-app.ts';

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, started: Started, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null)
      throw new Error(`server exited early:\n${started.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${started.output()}`);
}

describe('the server process', () => {
  let dataDir: string;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  const env = async (): Promise<Record<string, string>> => ({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    MQTT_PORT: String(await freePort()),
    DEMO_PASSWORD: 'process-test-1',
    // A week of demo history keeps the first start short on a busy test machine.
    DEMO_HISTORY_DAYS: '7',
    SIMULATE: '0',
    // Its own ingest session on a shared broker.
    MQTT_CLIENT_ID: `nordlys-process-${process.pid}`,
    MQTT_SHARE_GROUP: `nordlys-process-${process.pid}`,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(usesServices && process.env.MQTT_URL ? { MQTT_URL: process.env.MQTT_URL } : {}),
  });

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-process-'));
    if (usesServices && process.env.DATABASE_URL)
      scratch = await createScratchDatabase(process.env.DATABASE_URL);
  });

  afterAll(async () => {
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts, prints the URL and demo logins, stops on SIGTERM with exit code 0 in under 5 s, and keeps its data', async () => {
    const first = await env();
    const a = startServer(first);
    await waitForHealth(Number(first.PORT), a);
    expect(a.output()).toContain(`Nordlys is running at http://localhost:${first.PORT}`);
    expect(a.output()).toContain('manager@nordlys.example');
    const stoppedAt = Date.now();
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5000);

    const second = await env();
    const b = startServer(second);
    await waitForHealth(Number(second.PORT), b);
    b.child.kill('SIGINT');
    expect(await b.exited).toBe(0);

    const database = scratch
      ? await openDatabase({ kind: 'postgres', url: scratch.url })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const orgs = await database.db.selectFrom('organisations').select('uuid').execute();
    await database.close();
    // Seeded once by the first start; the restart kept it and seeded nothing more.
    expect(orgs).toHaveLength(4);
  }, 240_000);

  it.skipIf(usesServices && process.env.MQTT_URL)(
    'exits with a clear message when the MQTT port is taken and MQTT_URL is unset',
    async () => {
      const blocker = net.createServer();
      const mqttPort = await freePort();
      await new Promise<void>((resolve) => blocker.listen(mqttPort, '127.0.0.1', resolve));
      try {
        const settings = { ...(await env()), MQTT_PORT: String(mqttPort) };
        const s = startServer(settings);
        expect(await s.exited).toBe(1);
        expect(s.output()).toContain(`MQTT port ${mqttPort} is already in use`);
        expect(s.output()).toContain('MQTT_URL');
        expect(s.output()).toContain('MQTT_PORT');
      } finally {
        blocker.close();
      }
    },
  );

  it('refuses bad configuration with a message naming each bad variable', async () => {
    const s = startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('PORT must be a port number');
    expect(s.output()).toContain('DATABASE_URL must start with postgres://');
    expect(s.output()).toContain('LOG_LEVEL must be one of');
  });
});
