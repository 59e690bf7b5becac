import { describe, expect, it } from 'vitest';
import type { DeviceIngestConfig, StoredPacket } from '../repositories/ingest-repository.ts';
import { committedMessages } from './message-events.ts';

const device = (id: number): DeviceIngestConfig => ({
  id,
  name: `Device ${id}`,
  orgUuid: `org-${id}`,
  registryId: 9,
  registryName: 'Counters',
  protocol: 'mqtt',
  communication: true,
  deviceTypeId: null,
  functions: [],
  syntheticKeys: [],
  mqttForward: null,
});

const job = (id: number, payload: string) => {
  const packet: StoredPacket = {
    deviceId: id,
    registryId: 9,
    receivedAt: new Date('2024-06-01T12:00:00.000Z'),
    topic: `registries/9/devices/${id}/data`,
    payload,
    encoding: 'utf8',
    points: [],
  };
  return { device: device(id), packet };
};

describe('committed messages', () => {
  it("gives each packet its device's next message id, in packet order", () => {
    const jobs = [job(1, 'a'), job(2, 'b'), job(1, 'c'), job(3, 'gone'), job(2, 'd')];
    const ids = new Map([
      [1, [10, 12]],
      [2, [11, 13]],
    ]);
    expect(committedMessages(jobs, ids).map((m) => [m.id, m.deviceId, m.payload])).toEqual([
      [10, 1, 'a'],
      [11, 2, 'b'],
      [12, 1, 'c'],
      [13, 2, 'd'],
    ]);
  });

  it('carries what the messages API shows, and the organisation for routing', () => {
    expect(committedMessages([job(1, '{"t":1}')], new Map([[1, [7]]]))).toEqual([
      {
        id: 7,
        deviceId: 1,
        orgUuid: 'org-1',
        deviceName: 'Device 1',
        registryId: 9,
        registryName: 'Counters',
        receivedAt: '2024-06-01T12:00:00.000Z',
        topic: 'registries/9/devices/1/data',
        payload: '{"t":1}',
        encoding: 'utf8',
      },
    ]);
  });
});
