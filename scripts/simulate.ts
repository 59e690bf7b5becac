import fs from 'node:fs';
import { provisionLoadTest } from '../server/simulator/load-api.ts';
import {
  parseLoadArgs,
  usage,
  UsageError,
  type LoadOptions,
} from '../server/simulator/load-args.ts';
import { runLoad, type LoadDevice, type LoadStats } from '../server/simulator/load-run.ts';

// `npm run simulate -- …`: a load test that publishes as many devices over MQTT.
const out = (line: string) => process.stdout.write(`${line}\n`);

let options: LoadOptions | 'help';
try {
  options = parseLoadArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`${error.message}\n\n${usage}\n`);
  process.exit(2);
}
if (options === 'help') {
  out(usage);
  process.exit(0);
}

let token: string;
let devices: LoadDevice[];
const { target } = options;
if (target.kind === 'api') {
  try {
    const provisioned = await provisionLoadTest(
      target.apiUrl,
      target.user,
      target.password,
      options.devices,
      out,
    );
    token = provisioned.token;
    devices = provisioned.devices;
  } catch (error) {
    process.stderr.write(`Could not prepare the devices: ${(error as Error).message}\n`);
    process.exit(1);
  }
} else {
  token = target.token;
  devices = target.deviceIds.map((deviceId) => ({ deviceId, registryId: target.registryId }));
}

const log = options.logFile ? fs.createWriteStream(options.logFile) : null;
log?.write('deviceId,ts,seq\n');
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());

const line = (s: LoadStats) =>
  `${(s.elapsedMs / 1000).toFixed(0).padStart(5)} s  connected ${s.connected}/${devices.length}  sent ${s.sent}  acked ${s.acked}  errors ${s.errors}  in flight ${s.inflight}  ${s.rate} msg/s`;
const live = process.stdout.isTTY;

out(
  `Publishing as ${devices.length} devices at ${options.rate} msg/s (QoS ${options.qos}) to ${options.mqttUrl}` +
    (options.durationS ? ` for ${options.durationS} s` : ' until Ctrl-C'),
);
const stats = await runLoad({
  mqttUrl: options.mqttUrl,
  token,
  devices,
  rate: options.rate,
  qos: options.qos,
  ...(options.durationS ? { durationMs: options.durationS * 1000 } : {}),
  signal: controller.signal,
  onAck: log ? (deviceId, ts, seq) => log.write(`${deviceId},${ts},${seq}\n`) : undefined,
  onProgress: (s) => (live ? process.stdout.write(`\r${line(s)}\x1b[K`) : out(line(s))),
  onError: (message) => process.stderr.write(`${live ? '\n' : ''}${message}\n`),
});
if (log) await new Promise<void>((resolve) => log.end(resolve));

const seconds = stats.elapsedMs / 1000;
out(`${live ? '\n' : ''}
Summary
  devices      ${devices.length} (${stats.connected} connected at the end)
  duration     ${seconds.toFixed(1)} s
  sent         ${stats.sent}
  acked        ${stats.acked}${options.qos === 0 ? ' (QoS 0: written to the socket)' : ''}
  errors       ${stats.errors}
  lost         ${stats.sent - stats.acked}
  rate         ${seconds > 0 ? Math.round(stats.acked / seconds) : 0} msg/s acknowledged (asked for ${options.rate})
  ack latency  p50 ${stats.latencyMs.p50} ms, p95 ${stats.latencyMs.p95} ms, max ${stats.latencyMs.max} ms${options.logFile ? `\n  log          ${options.logFile} (deviceId,ts,seq per acknowledged message)` : ''}`);
process.exit(stats.sent === stats.acked && stats.errors === 0 ? 0 : 1);
