import { parseArgs } from 'node:util';

/** How the load test finds its devices and token. */
export type LoadTarget =
  | { kind: 'token'; registryId: number; token: string; deviceIds: number[] }
  | { kind: 'api'; apiUrl: string; user: string; password: string };

export interface LoadOptions {
  devices: number;
  /** Messages a second, across all devices. */
  rate: number;
  mqttUrl: string;
  target: LoadTarget;
  /** Seconds to run; undefined runs until interrupted. */
  durationS: number | undefined;
  qos: 0 | 1;
  /** Where to write one `deviceId,ts,seq` line per acknowledged message. */
  logFile: string | undefined;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const usage = `Usage: npm run simulate -- --devices N --rate R --url mqtt://host:port
         (--registry ID --token TOKEN [--device-ids 1-100,205] | --api http://host:port --user EMAIL --password PW)
         [--duration S] [--qos 0|1] [--log FILE]

Publishes as N devices at R messages a second in total to
registries/{registry}/devices/{device}/data, signing in with each device's id
and the token. With --api it signs in to Nordlys and creates (or reuses) a
"Load test" registry, N devices in it and a registry token. Each message
carries ts and a per-device seq; --log writes deviceId,ts,seq of every
acknowledged message, so a checker can prove that nothing was lost.`;

const positiveInteger = (name: string, raw: string | undefined, max: number): number => {
  const value = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw) || value < 1 || value > max)
    throw new UsageError(`--${name} must be a whole number from 1 to ${max} (got "${raw ?? ''}")`);
  return value;
};

const urlOf = (name: string, raw: string | undefined, protocols: string[]): string => {
  if (raw === undefined) throw new UsageError(`--${name} is required`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--${name} is not a URL (got "${raw}")`);
  }
  if (!protocols.includes(url.protocol))
    throw new UsageError(
      `--${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );
  return raw.replace(/\/+$/, '');
};

/** "1-3,7" → [1, 2, 3, 7]. */
export function parseIdList(raw: string, max: number): number[] {
  const ids: number[] = [];
  for (const part of raw.split(',')) {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!match) throw new UsageError(`--device-ids: "${part}" is not an id or a range a-b`);
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from < 1 || to < from) throw new UsageError(`--device-ids: bad range "${part}"`);
    for (let id = from; id <= to && ids.length <= max; id++) ids.push(id);
  }
  return ids;
}

/** Reads the command line (the arguments after the script name); throws UsageError with a clear message. */
export function parseLoadArgs(argv: string[]): LoadOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        devices: { type: 'string' },
        rate: { type: 'string' },
        url: { type: 'string' },
        registry: { type: 'string' },
        token: { type: 'string' },
        'device-ids': { type: 'string' },
        api: { type: 'string' },
        user: { type: 'string' },
        password: { type: 'string' },
        duration: { type: 'string' },
        qos: { type: 'string' },
        log: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';

  const devices = positiveInteger('devices', values.devices, 100_000);
  const rate = Number(values.rate);
  if (values.rate === undefined || !Number.isFinite(rate) || rate <= 0 || rate > 1_000_000)
    throw new UsageError(
      `--rate must be a number of messages a second above 0 (got "${values.rate ?? ''}")`,
    );
  const mqttUrl = urlOf('url', values.url, ['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:']);
  const durationS =
    values.duration === undefined
      ? undefined
      : positiveInteger('duration', values.duration, 7 * 86_400);
  const qos = values.qos ?? '1';
  if (qos !== '0' && qos !== '1') throw new UsageError(`--qos must be 0 or 1 (got "${qos}")`);

  const byToken = values.registry !== undefined || values.token !== undefined;
  const byApi =
    values.api !== undefined || values.user !== undefined || values.password !== undefined;
  if (byToken === byApi)
    throw new UsageError('Give either --registry and --token, or --api, --user and --password');
  let target: LoadTarget;
  if (byToken) {
    if (values.registry === undefined || values.token === undefined)
      throw new UsageError('--registry and --token go together');
    const deviceIds = values['device-ids']
      ? parseIdList(values['device-ids'], devices)
      : Array.from({ length: devices }, (_, i) => i + 1);
    if (deviceIds.length < devices)
      throw new UsageError(
        `--device-ids names ${deviceIds.length} devices, fewer than --devices ${devices}`,
      );
    target = {
      kind: 'token',
      registryId: positiveInteger('registry', values.registry, Number.MAX_SAFE_INTEGER),
      token: values.token,
      deviceIds: deviceIds.slice(0, devices),
    };
  } else {
    if (values.user === undefined || values.password === undefined)
      throw new UsageError('--api needs --user and --password');
    if (values['device-ids'] !== undefined)
      throw new UsageError('--device-ids goes with --registry; --api makes its own devices');
    target = {
      kind: 'api',
      apiUrl: urlOf('api', values.api, ['http:', 'https:']),
      user: values.user,
      password: values.password,
    };
  }
  return {
    devices,
    rate,
    mqttUrl,
    target,
    durationS,
    qos: qos === '0' ? 0 : 1,
    logFile: values.log,
  };
}
