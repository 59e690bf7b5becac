import mqtt from 'mqtt';
import { dataTopic } from '../../server/ingest/topics.ts';
import { sleep } from '../setup.ts';
import { DATA_KEY } from './wall-world.ts';

export interface ProbeDevice {
  /** Publishes once a second until `probe` or `close`, as the other wall devices do. */
  beat(): void;
  /**
   * Stops the beat and publishes `count` points `everyMs` apart (within
   * `timeoutMs`), each with `ts` = Date.now() at publish; gives their times.
   */
  probe(count: number, everyMs: number, timeoutMs: number): Promise<number[]>;
  close(): Promise<void>;
}

/**
 * The probe graph's device, published from the bench process over MQTT
 * (QoS 1) as the device: its user name is its id, its password the registry
 * token. A point's time is the `ts` it carries, strictly rising.
 */
export async function connectProbe(
  mqttUrl: string,
  registryId: number,
  deviceId: number,
  registryToken: string,
): Promise<ProbeDevice> {
  const client = await mqtt.connectAsync(mqttUrl, {
    clientId: `${deviceId}-wall-probe`,
    username: String(deviceId),
    password: registryToken,
    reconnectPeriod: 0,
  });
  const topic = dataTopic(registryId, deviceId);
  let lastTs = 0;
  let sent = 0;
  const publish = (): number => {
    const ts = Math.max(Date.now(), lastTs + 1);
    lastTs = ts;
    const payload = JSON.stringify({ [DATA_KEY]: 20 + (sent++ % 10), ts });
    void client.publishAsync(topic, payload, { qos: 1 }).catch(() => undefined);
    return ts;
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const stopBeat = () => clearInterval(timer);
  return {
    beat() {
      stopBeat();
      timer = setInterval(publish, 1000);
    },
    async probe(count, everyMs, timeoutMs) {
      stopBeat();
      const times: number[] = [];
      const began = Date.now();
      for (let i = 0; i < count && Date.now() - began < timeoutMs; i++) {
        times.push(publish());
        await sleep(everyMs);
      }
      return times;
    },
    async close() {
      stopBeat();
      await client.endAsync(true);
    },
  };
}
