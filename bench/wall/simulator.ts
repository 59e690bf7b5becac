import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SIMULATE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../scripts/simulate.ts',
);
const STOP_TIMEOUT_MS = 20_000;

export interface SimulatorPlan {
  mqttUrl: string;
  registryToken: string;
  registryId: number;
  deviceIds: number[];
  /** Messages a second across all the devices (round robin: rate ÷ devices each). */
  rate: number;
}

export interface Simulator {
  /** Stops it (SIGINT) and gives the acknowledged rate from its summary; again, the same answer. */
  stop(): Promise<number>;
}

/**
 * `npm run simulate` (QoS 1, signed in as each device with the registry
 * token) in a process of its own, so that the load does not share the event
 * loop of the server under test; as bench/latency.bench.ts runs its
 * background, for any devices and rate.
 */
export function startSimulator(plan: SimulatorPlan): Simulator {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      SIMULATE,
      ...['--url', plan.mqttUrl, '--registry', String(plan.registryId)],
      ...['--token', plan.registryToken, '--qos', '1'],
      ...['--device-ids', plan.deviceIds.join(','), '--devices', String(plan.deviceIds.length)],
      ...['--rate', String(plan.rate)],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping: Promise<number> | undefined;
  const stop = async (): Promise<number> => {
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
    const rate = /rate\s+(\d+) msg\/s acknowledged/.exec(output)?.[1];
    if (rate === undefined) throw new Error(`the simulator printed no rate:\n${output}`);
    return Number(rate);
  };
  return { stop: () => (stopping ??= stop()) };
}
