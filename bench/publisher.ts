import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import mqttPacket from 'mqtt-packet';
import { dataTopic } from '../server/ingest/topics.ts';

// The ingest bench's publishers, in a process of their own so that they do
// not share the event loop of the server under test. The parent starts it
// with `startPublishers`, tells it how many messages are committed so far,
// and the child keeps at most `window` messages between publish and commit.

export interface PublishPlan {
  mqttUrl: string;
  token: string;
  registryId: number;
  deviceIds: number[];
  /** Messages in all, spread evenly over the devices. */
  total: number;
  window: number;
  /** Time of the first point; each device's points are a second apart. */
  baseTs: number;
}

export interface PublishResult {
  sent: number;
  acked: number;
  errors: number;
}

type ToChild = { plan: PublishPlan } | { committed: number } | { finish: true };
type ToParent = { hello: true } | { ready: true } | { done: PublishResult } | { failed: string };

export const payloadOf = (i: number, ts: number) =>
  JSON.stringify({ temperature: 20 + (i % 10), humidity: 50, ts });

/** Starts the publishing process; resolves once its clients are connected. */
export async function startPublishers(plan: PublishPlan) {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const messages: ToParent[] = [];
  let wake: (() => void) | null = null;
  child.on('message', (message: ToParent) => {
    messages.push(message);
    wake?.();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = async (): Promise<ToParent> => {
    while (messages.length === 0) {
      if (child.exitCode !== null) throw new Error('the publishing process exited');
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 200).unref();
      });
      wake = null;
    }
    const message = messages.shift();
    if (!message) throw new Error('no message');
    if ('failed' in message) throw new Error(`publishers: ${message.failed}`);
    return message;
  };
  const send = (message: ToChild) => child.send(message);
  // The plan goes once the child listens; then it connects its clients.
  await next();
  send({ plan });
  await next();
  return {
    committed: (committed: number) => send({ committed }),
    /** Waits (a little) for outstanding acknowledgements and hangs up. */
    async finish(): Promise<PublishResult> {
      send({ finish: true });
      const message = await next();
      await exited;
      if (!('done' in message)) throw new Error('unexpected answer from the publishers');
      return message.done;
    },
    kill: () => child.kill('SIGKILL'),
  };
}

/**
 * One device's MQTT 3.1.1 connection, written by hand with mqtt-packet: the
 * PUBLISH packets of a pump go out in one write, and only PUBACKs are read
 * back, so the load costs this process little next to the server it measures
 * (mqtt.js spends about a core at 10,000 msg/s on promises and its stores).
 */
interface RawClient {
  publish(topic: string, payload: string): void;
  /** Sends what `publish` queued. */
  flush(): void;
  end(): Promise<void>;
}

function connectRaw(
  url: string,
  username: string,
  password: string,
  onAck: () => void,
): Promise<RawClient> {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port || 1883), noDelay: true });
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  socket.on('data', (chunk: Buffer) => parser.parse(chunk));
  let nextId = 1;
  let queued: Buffer[] = [];
  const client: RawClient = {
    publish(topic, payload) {
      const messageId = nextId;
      nextId = nextId === 65_535 ? 1 : nextId + 1;
      queued.push(
        mqttPacket.generate({
          cmd: 'publish',
          topic,
          payload,
          qos: 1,
          messageId,
          retain: false,
          dup: false,
        }),
      );
    },
    flush() {
      if (queued.length === 0) return;
      socket.write(Buffer.concat(queued));
      queued = [];
    },
    end: () =>
      new Promise<void>((resolve) => {
        socket.end(mqttPacket.generate({ cmd: 'disconnect' }), () => resolve());
      }),
  };
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    parser.on('packet', (packet) => {
      if (packet.cmd === 'puback') onAck();
      else if (packet.cmd === 'connack') {
        if (packet.returnCode === 0) resolve(client);
        else reject(new Error(`the broker refused the connection (${packet.returnCode ?? '?'})`));
      }
    });
    socket.once('connect', () =>
      socket.write(
        mqttPacket.generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          // A device's client id starts with its id (docs/ingest.md).
          clientId: `${username}-bench-${process.pid}`,
          keepalive: 60,
          username,
          password: Buffer.from(password),
        }),
      ),
    );
  });
}

async function publish(plan: PublishPlan): Promise<void> {
  const result: PublishResult = { sent: 0, acked: 0, errors: 0 };
  const clients = await Promise.all(
    plan.deviceIds.map((id) =>
      connectRaw(plan.mqttUrl, String(id), plan.token, () => result.acked++),
    ),
  );
  const topics = plan.deviceIds.map((id) => dataTopic(plan.registryId, id));
  let committed = 0;
  let finishing = false;
  const pump = () => {
    while (result.sent < plan.total && result.sent - committed < plan.window) {
      const c = result.sent % clients.length;
      const i = Math.floor(result.sent / clients.length);
      result.sent++;
      clients[c]?.publish(topics[c] ?? '', payloadOf(i, plan.baseTs + i * 1000));
    }
    for (const client of clients) client.flush();
  };
  process.on('message', (message: ToChild) => {
    if ('committed' in message) {
      committed = message.committed;
      pump();
    } else if ('finish' in message && !finishing) {
      finishing = true;
      void (async () => {
        for (let waited = 0; result.acked < result.sent && waited < 5000;) {
          await new Promise((r) => setTimeout(r, 20));
          waited += 20;
        }
        await Promise.all(clients.map((c) => c.end()));
        process.send?.({ done: result } satisfies ToParent, () => process.exit(0));
      })();
    }
  });
  process.send?.({ ready: true } satisfies ToParent);
  pump();
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (message: ToChild) => {
    if (!('plan' in message)) return;
    publish(message.plan).catch((error: unknown) => {
      process.send?.({ failed: String(error) } satisfies ToParent, () => process.exit(1));
    });
  });
  process.send({ hello: true } satisfies ToParent);
}
