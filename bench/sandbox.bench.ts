import os from 'node:os';
import { createSandbox } from '../server/functions/sandbox.ts';
import { printTable } from './table.ts';

// Cloud function throughput: small decoder jobs, each in a fresh QuickJS runtime and context,
// measured from run() to its answer (queueing included).
const JOBS = 2_000;
const WARM_UP = 50;
const decoder = `function main(input, context) {
  const bytes = input.payload.match(/../g).map((h) => parseInt(h, 16));
  return [
    { key: 'countIn', value: (bytes[0] << 8) | bytes[1] },
    { key: 'temperature', value: ((bytes[2] << 8) | bytes[3]) / 100 },
    { key: 'device', value: context.device },
  ];
}`;

async function measure(
  poolSize: number,
  inFlight: number,
): Promise<Record<string, string | number>> {
  const sandbox = createSandbox({ poolSize });
  try {
    const job = async (i: number): Promise<number> => {
      const started = performance.now();
      const result = await sandbox.run({
        owner: 'bench',
        lane: 'ingest',
        code: decoder,
        input: { payload: (i % 65536).toString(16).padStart(4, '0') + '0a1f' },
        context: { device: i },
      });
      if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
      return performance.now() - started;
    };
    // Start the workers and warm up V8 before measuring.
    await Promise.all(Array.from({ length: WARM_UP }, (_, i) => job(i)));

    const latencies: number[] = [];
    let next = 0;
    const began = performance.now();
    const lane = async () => {
      while (next < JOBS) latencies.push(await job(next++));
    };
    await Promise.all(Array.from({ length: inFlight }, lane));
    const seconds = (performance.now() - began) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return {
      pool: poolSize,
      'in flight': inFlight,
      jobs: JOBS,
      'total s': Number(seconds.toFixed(2)),
      'jobs/s': Math.round(JOBS / seconds),
      'p50 ms': Number(at(0.5).toFixed(2)),
      'p99 ms': Number(at(0.99).toFixed(2)),
    };
  } finally {
    await sandbox.close();
  }
}

const rows = [await measure(1, 1), await measure(2, 2), await measure(2, 8)];
process.stdout.write(
  `Cloud function sandbox on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'})\n`,
);
printTable(rows);
