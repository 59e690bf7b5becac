import { describe, expect, it } from 'vitest';
import type { DeviceIngestConfig } from '../repositories/ingest-repository.ts';
import { deviceDirectory, type DirectoryRepository } from './device-directory.ts';
import { DatabaseUnavailableError, retryWhileUnavailable } from './retry.ts';

const device = {
  id: 7,
  registryId: 3,
  communication: true,
  protocol: 'mqtt',
} as DeviceIngestConfig;

/** A repository whose device lookups fail `failures` times (database down), then answer. */
function flakyRepository(failures: number, answer: DeviceIngestConfig | undefined) {
  const calls = { deviceConfig: 0 };
  const repo: DirectoryRepository = {
    deviceConfig: async () => {
      calls.deviceConfig++;
      if (calls.deviceConfig <= failures) {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      }
      return answer;
    },
    tokenGrant: async () => undefined,
  };
  return { repo, calls };
}

describe('deviceDirectory.admit', () => {
  it('waits while the database is down and admits once it answers', async () => {
    const { repo, calls } = flakyRepository(3, device);
    const retries: number[] = [];
    const admitted = await deviceDirectory(repo).admit(3, 7, 'mqtt', {
      onRetry: (_error, attempt) => retries.push(attempt),
    });
    expect(admitted).toEqual({ ok: true, device });
    expect(calls.deviceConfig).toBe(4);
    expect(retries).toEqual([1, 2, 3]);
  });

  it('refuses a device the database does not know at once, without retrying', async () => {
    const { repo, calls } = flakyRepository(0, undefined);
    const admitted = await deviceDirectory(repo).admit(3, 7, 'mqtt');
    expect(admitted).toEqual({ ok: false, refusal: 'unknown-device' });
    expect(calls.deviceConfig).toBe(1);
  });

  it('gives up with DatabaseUnavailableError once its patience is spent', async () => {
    const { repo } = flakyRepository(Infinity, device);
    await expect(deviceDirectory(repo).admit(3, 7, 'mqtt', { patienceMs: 250 })).rejects.toThrow(
      DatabaseUnavailableError,
    );
  });

  it('stops waiting when ingest closes', async () => {
    const { repo } = flakyRepository(Infinity, device);
    const closing = new AbortController();
    const admitted = deviceDirectory(repo).admit(3, 7, 'mqtt', { signal: closing.signal });
    setTimeout(() => closing.abort(), 20);
    await expect(admitted).rejects.toThrow(DatabaseUnavailableError);
  });
});

describe('retryWhileUnavailable', () => {
  it('does not retry a data error', async () => {
    let calls = 0;
    const bad = Object.assign(new Error('bad'), { code: '22P02' });
    await expect(
      retryWhileUnavailable(async () => {
        calls++;
        throw bad;
      }),
    ).rejects.toBe(bad);
    expect(calls).toBe(1);
  });
});
