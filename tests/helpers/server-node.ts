import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One Nordlys server process (`server/server.ts`), as an API node of a deployment. */
export interface ServerNode {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** Everything the process wrote so far. */
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves once it has exited. */
  stop: (graceMs?: number) => Promise<void>;
}

/**
 * Starts `server/server.ts` on a free port (and a free port for the embedded
 * broker, which MQTT_URL replaces) and resolves once `/api/ready` answers.
 * The child sees only PATH and the environment given here, so a test's own
 * DATABASE_URL, MQTT_URL or REDIS_URL reach it only when passed on purpose.
 */
export async function startServerNode(
  env: Record<string, string>,
  readyTimeoutMs = 60_000,
  /** A port of its own (a restarted node keeps its address); a free one when absent. */
  fixedPort?: number,
): Promise<ServerNode> {
  const port = fixedPort ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MQTT_PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`node exited early:\n${output}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, port, url, output: () => output, exited, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`node did not become ready:\n${output}`);
}

/** A new, empty PostgreSQL database next to the one `adminUrl` names. */
export async function createScratchDatabase(adminUrl: string) {
  const name = `nordlys_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type ScratchDatabase = Awaited<ReturnType<typeof createScratchDatabase>>;
