import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerNode, type ServerNode } from '../tests/helpers/server-node.ts';

/** The demo accounts' password in the page benchmarks' worlds. */
const PASSWORD = 'bench-page-password';
/** The demo's account manager, whose dashboard home the page benchmarks open. */
const MANAGER = 'manager@nordlys.example';

export interface DemoServer {
  node: ServerNode;
  /** The account manager's session token, sent as the SESSION cookie. */
  managerSession: string;
  stop: () => Promise<void>;
}

/**
 * The server as `npm start` runs it (the built console, embedded database and
 * broker, the demo world) without its live simulator, on free ports, with the
 * account manager signed in: what the page benchmarks (Lighthouse, the main
 * thread) load the console from.
 */
export async function startDemoServer(name: string): Promise<DemoServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `nordlys-${name}-`));
  const node = await startServerNode(
    {
      DATA_DIR: dataDir,
      DEMO: '1',
      DEMO_PASSWORD: PASSWORD,
      SIMULATE: '0',
      DATABASE_URL: '',
      MQTT_URL: '',
      REDIS_URL: '',
    },
    120_000,
  );
  const stop = async () => {
    await node.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    const signIn = await fetch(`${node.url}/api/auth/basic`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: MANAGER, password: PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const { token } = (await signIn.json()) as { token: string };
    return { node, managerSession: token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
