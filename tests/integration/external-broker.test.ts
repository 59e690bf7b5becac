import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { connectExternalBroker } from '../../server/broker/external-broker.ts';
import { usesServices } from '../helpers/test-app.ts';

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * The external broker's acknowledgements, seen through what a persistent
 * session gets again after a reconnect: a message is acknowledged once its
 * handler resolved and every message before it was handled; one whose
 * handler failed is never acknowledged, so the broker sends it again.
 */
describe.runIf(usesServices && process.env.MQTT_URL)('external broker acknowledgements', () => {
  it('acknowledges in order once handled, and leaves a failed message for redelivery', async () => {
    const url = process.env.MQTT_URL ?? '';
    const clientId = `nordlys-ack-test-${randomBytes(4).toString('hex')}`;
    const topic = `nordlys/ack-test/${clientId}`;
    const options = { url, clientId, sessionExpirySeconds: 60, connectTimeoutMs: 5000 };
    const publisher = await mqtt.connectAsync(url, { protocolVersion: 5 });

    /** Connects with the session, handles what comes (failing `fail`), and gives back what came. */
    const session = async (fail: string | null, hold: string | null = null) => {
      const broker = await connectExternalBroker(options);
      const seen: string[] = [];
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await broker.subscribe(topic, async (_, payload) => {
        const text = payload.toString();
        seen.push(text);
        if (text === hold) await held;
        if (text === fail) throw new Error('handler failed');
      });
      return { broker, seen, release };
    };

    // 1 is held, 2 fails, 3 and 4 are done at once, but wait behind 1.
    const first = await session('2', '1');
    for (const n of ['1', '2', '3', '4']) await publisher.publishAsync(topic, n, { qos: 1 });
    await until(() => first.seen.length === 4);
    await new Promise((r) => setTimeout(r, 300));
    await first.broker.close();
    first.release();

    // Nothing was acknowledged: all four come again. 2 fails again; the rest is acknowledged.
    const second = await session('2');
    await until(() => second.seen.length >= 4);
    await new Promise((r) => setTimeout(r, 500));
    expect([...second.seen].sort()).toEqual(['1', '2', '3', '4']);
    await second.broker.close();

    // Only the failed message comes again; handled now, it is acknowledged.
    const third = await session(null);
    await until(() => third.seen.length >= 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(third.seen).toEqual(['2']);
    await third.broker.close();

    const fourth = await session(null);
    await new Promise((r) => setTimeout(r, 700));
    expect(fourth.seen).toEqual([]);
    await fourth.broker.close();
    await publisher.endAsync();
  });
});
