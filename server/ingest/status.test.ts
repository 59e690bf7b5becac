import { describe, expect, it } from 'vitest';
import { STATUS_WINDOW_MS, deviceStatus } from './status.ts';

describe('device status (spec §4)', () => {
  const now = Date.UTC(2025, 0, 1, 12);
  const ago = (ms: number) => new Date(now - ms);

  it('is none before anything was heard, green with recent data, yellow when only connected, red when silent', () => {
    expect(deviceStatus(null, null, now)).toBe('none');
    expect(deviceStatus(ago(1000), ago(1000), now)).toBe('green');
    expect(deviceStatus(ago(1000), ago(STATUS_WINDOW_MS + 1), now)).toBe('yellow');
    expect(deviceStatus(ago(1000), null, now)).toBe('yellow');
    expect(deviceStatus(ago(STATUS_WINDOW_MS + 1), ago(STATUS_WINDOW_MS + 1), now)).toBe('red');
  });
});
