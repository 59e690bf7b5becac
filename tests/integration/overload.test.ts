import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchDatabase,
  startServerNode,
  type ScratchDatabase,
  type ServerNode,
} from '../helpers/server-node.ts';
import { startTestApp, usesServices } from '../helpers/test-app.ts';
import { seedWorld, signIn } from '../helpers/world.ts';

const BURST = 2000;
const MAX_IN_FLIGHT = 100;
/** Probe rounds while the burst runs (each a health and a readiness request). */
const MAX_PROBE_ROUNDS = 100;
const DEMO_PASSWORD = 'overload-password';

interface Answer {
  /** 0: no answer at all */
  status: number;
  retryAfter: string | null;
  /** ms since the burst began */
  at: number;
  /** Why there was no answer (the client's error code). */
  failure?: string;
}

/**
 * Overload degrades instead of hanging: under a burst of list requests the
 * server sheds what it cannot take with 503 and Retry-After, while health and
 * readiness answer throughout. Latencies are printed, not asserted: this
 * machine is shared and only the order of events is certain.
 */
describe('overload', () => {
  let dataDir: string;
  let scratch: ScratchDatabase | null = null;
  let node: ServerNode;
  let token: string;

  // A server process of its own, so the burst's 2,000 connections meet a
  // server the way a load balancer's would, not one sharing the client's thread.
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-overload-'));
    const suffix = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    scratch =
      usesServices && process.env.DATABASE_URL
        ? await createScratchDatabase(process.env.DATABASE_URL)
        : null;
    node = await startServerNode(
      {
        DATA_DIR: dataDir,
        DEMO_PASSWORD,
        DEMO_HISTORY_DAYS: '0',
        SIMULATE: '0',
        MAX_IN_FLIGHT: String(MAX_IN_FLIGHT),
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        ...(usesServices && process.env.MQTT_URL
          ? {
              MQTT_URL: process.env.MQTT_URL,
              MQTT_CLIENT_ID: `nordlys-overload-${suffix}`,
              MQTT_SHARE_GROUP: `nordlys-overload-${suffix}`,
            }
          : {}),
        ...(usesServices && process.env.REDIS_URL
          ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `nordlys-overload-${suffix}` }
          : {}),
      },
      120_000,
    );
    const signedIn = await fetch(`${node.url}/api/auth/basic`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'super@nordlys.example', password: DEMO_PASSWORD }),
    });
    token = ((await signedIn.json()) as { token: string }).token;
  }, 150_000);

  afterAll(async () => {
    await node?.stop();
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it(`sheds a burst of ${BURST} list requests while health and readiness answer`, async () => {
    const started = performance.now();
    const since = () => Math.round(performance.now() - started);
    const get = async (url: string, headers: Record<string, string> = {}): Promise<Answer> => {
      try {
        const res = await fetch(`${node.url}${url}`, {
          headers,
          signal: AbortSignal.timeout(100_000),
        });
        await res.arrayBuffer();
        return { status: res.status, retryAfter: res.headers.get('retry-after'), at: since() };
      } catch (error) {
        // A refused or timed-out connection: counted as neither answer below.
        const cause = (error as { cause?: { code?: string } }).cause;
        return { status: 0, retryAfter: null, at: since(), failure: cause?.code ?? String(error) };
      }
    };

    let burstDone = false;
    const burst = Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        get(`/api/v2/devices?pageSize=100&sort=-name&search=${index % 10}`, {
          authorization: `Bearer ${token}`,
        }),
      ),
    ).finally(() => (burstDone = true));

    const probes: { health: Answer; ready: Answer; healthMs: number; readyMs: number }[] = [];
    for (let round = 0; round < MAX_PROBE_ROUNDS && !burstDone; round++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const asked = since();
      const [health, ready] = await Promise.all([get('/api/health'), get('/api/ready')]);
      probes.push({ health, ready, healthMs: health.at - asked, readyMs: ready.at - asked });
    }
    const answers = await burst;
    const finishedAt = Math.max(...answers.map((answer) => answer.at));

    const ok = answers.filter((answer) => answer.status === 200);
    const shed = answers.filter((answer) => answer.status === 503);
    process.stdout.write(
      `burst of ${BURST}: ${ok.length} answered 200, ${shed.length} shed with 503, ` +
        `last answer after ${finishedAt} ms; probes while it ran: ` +
        `${probes.map((p) => `health ${p.healthMs} ms, ready ${p.readyMs} ms`).join('; ')}\n`,
    );

    // Every burst request got an answer: a page or a 503 with Retry-After, nothing else
    // (0 is a refused or timed-out connection).
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    expect(ok.length + shed.length).toBe(BURST);
    expect(shed.length).toBeGreaterThan(0);
    expect(shed.every((answer) => answer.retryAfter === '5')).toBe(true);
    // Health and readiness answered 200 while the burst was still running.
    const during = probes.filter((p) => p.health.at < finishedAt && p.ready.at < finishedAt);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((p) => p.health.status === 200 && p.ready.status === 200)).toBe(true);
  }, 120_000);

  it('sheds API requests while queries wait longer than MAX_DB_WAIT_MS', async () => {
    const waiting = await startTestApp({
      env: { MAX_DB_WAIT_MS: '200' },
    });
    try {
      const seeded = await seedWorld(waiting.database.db);
      const session = await signIn(waiting.app, 'super@world.test');
      // Hold every connection, and queue behind them, until released.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holders = Array.from({ length: 12 }, () =>
        waiting.database.db.connection().execute(() => held),
      );
      const queue = waiting.database.queue;
      for (let tries = 0; tries < 100 && queue.longestWaitMs() <= 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(queue.longestWaitMs()).toBeGreaterThan(200);

      const list = await waiting.app.inject({
        method: 'GET',
        url: '/api/v2/devices',
        headers: { authorization: `Bearer ${session}` },
      });
      const health = await waiting.app.inject({ method: 'GET', url: '/api/health' });
      release();
      await Promise.all(holders);

      expect(list.statusCode).toBe(503);
      expect(list.headers['retry-after']).toBe('5');
      expect(list.json()).toMatchObject({ message: expect.stringContaining('busy') });
      expect(health.statusCode).toBe(200);

      // Once the queue has drained, requests are served again.
      const after = await waiting.app.inject({
        method: 'GET',
        url: `/api/entity/user/${seeded.users.super}`,
        headers: { authorization: `Bearer ${session}` },
      });
      expect(after.statusCode).toBe(200);
    } finally {
      await waiting.close();
    }
  });
});
