import type { LoadDevice } from './load-run.ts';

export const LOAD_TEST_NAME = 'Load test';
const TIMEOUT_MS = 30_000;

interface Page<T> {
  items: T[];
  total: number;
}

/** One call of a running Nordlys's API; throws with the answer's message on failure. */
async function call<T>(
  apiUrl: string,
  method: 'GET' | 'POST',
  path: string,
  session: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${apiUrl}/api${path}`, {
    method,
    headers: {
      ...(session ? { authorization: `Bearer ${session}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // Not JSON: the text itself says what went wrong.
    }
    throw new Error(`${method} /api${path} answered ${response.status}: ${message}`);
  }
  return JSON.parse(text) as T;
}

export interface Provisioned {
  registryId: number;
  token: string;
  devices: LoadDevice[];
  created: number;
}

/**
 * Through the v2 API as the given user: finds or creates an MQTT registry
 * named "Load test", finds or creates `count` devices in it (unique names
 * load-{registry}-{n}), and makes a registry token for them.
 */
export async function provisionLoadTest(
  apiUrl: string,
  user: string,
  password: string,
  count: number,
  onStep: (message: string) => void = () => undefined,
): Promise<Provisioned> {
  const { token: session } = await call<{ token: string }>(apiUrl, 'POST', '/auth/basic', null, {
    username: user,
    password,
  });
  const query = new URLSearchParams({ search: LOAD_TEST_NAME, pageSize: '500' });
  const registries = await call<Page<{ id: number; name: string; protocol: string }>>(
    apiUrl,
    'GET',
    `/v2/registries?${query}`,
    session,
  );
  const existing = registries.items.find((r) => r.name === LOAD_TEST_NAME && r.protocol === 'mqtt');
  const registryId =
    existing?.id ??
    (
      await call<{ id: number }>(apiUrl, 'POST', '/v2/registry', session, {
        name: LOAD_TEST_NAME,
        description: 'Devices of `npm run simulate`',
        protocol: 'mqtt',
      })
    ).id;
  onStep(`${existing ? 'Using' : 'Created'} registry ${registryId} "${LOAD_TEST_NAME}"`);

  const prefix = `load-${registryId}-`;
  const known = new Map<string, number>();
  for (let page = 1; ; page++) {
    const devices = await call<Page<{ id: number; uniqueName: string | null }>>(
      apiUrl,
      'GET',
      `/v2/devices/${registryId}?${new URLSearchParams({ search: prefix, pageSize: '500', page: String(page) })}`,
      session,
    );
    for (const d of devices.items) if (d.uniqueName) known.set(d.uniqueName, d.id);
    if (devices.items.length === 0 || page * 500 >= devices.total) break;
  }

  const names = Array.from(
    { length: count },
    (_, i) => `${prefix}${String(i + 1).padStart(6, '0')}`,
  );
  const missing = names.filter((name) => !known.has(name));
  // A few requests at a time: quick, without tripping a busy server.
  for (let i = 0; i < missing.length; i += 8) {
    await Promise.all(
      missing.slice(i, i + 8).map(async (uniqueName) => {
        const device = await call<{ id: number }>(apiUrl, 'POST', '/v2/device', session, {
          name: `Load test ${uniqueName.slice(prefix.length)}`,
          uniqueName,
          registryId,
        });
        known.set(uniqueName, device.id);
      }),
    );
  }
  onStep(`${count} devices (${missing.length} new)`);

  const { token } = await call<{ token: string }>(apiUrl, 'POST', '/generateToken', session, {
    label: LOAD_TEST_NAME,
    type: 'registry',
    reference: registryId,
  });
  return {
    registryId,
    token,
    created: missing.length,
    devices: names.map((name) => {
      const deviceId = known.get(name);
      if (deviceId === undefined) throw new Error(`device ${name} was not created`);
      return { deviceId, registryId };
    }),
  };
}
