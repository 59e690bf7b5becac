import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Device } from '../../contracts/device.ts';
import type { PageOf } from '../../contracts/list.ts';
import { useWorldApp } from '../helpers/world-app.ts';

/** Calibration reminders (spec §9): which calibrated devices are due again. */
describe('devices due for calibration', () => {
  const t = useWorldApp();
  const { as } = t;
  const monthsAgo = (months: number) => {
    const at = new Date();
    at.setUTCMonth(at.getUTCMonth() - months);
    return at.toISOString();
  };

  async function device(calibration: object | null) {
    const res = await as('managerA', 'POST', '/api/v2/device', {
      name: `Kalibrering ${randomUUID().slice(0, 8)}`,
      ...(calibration ? { calibrated: true, calibration } : {}),
    });
    expect(res.statusCode).toBe(201);
    return res.json<Device>().id;
  }

  it('lists calibrated devices whose interval has passed: their own, else the one asked for', async () => {
    const ownDue = await device({
      type: 'count',
      value: 200,
      reminderMonths: 3,
      calibratedAt: monthsAgo(4),
    });
    const ownNotDue = await device({
      type: 'count',
      value: 200,
      reminderMonths: 12,
      calibratedAt: monthsAgo(4),
    });
    const fallbackDue = await device({ type: 'time', value: 10, calibratedAt: monthsAgo(7) });
    const fallbackNotDue = await device({ type: 'time', value: 10, calibratedAt: monthsAgo(2) });
    const never = await device(null);
    const ids = [ownDue, ownNotDue, fallbackDue, fallbackNotDue, never].join(',');

    const due = async (months: number) => {
      const res = await as('userA', 'GET', `/api/v2/devices?ids=${ids}&calibrationDue=${months}`);
      expect(res.statusCode).toBe(200);
      return res
        .json<PageOf<Device>>()
        .items.map((d) => d.id)
        .sort((a, b) => a - b);
    };
    expect(await due(6)).toEqual([ownDue, fallbackDue].sort((a, b) => a - b));
    // A user reminded every 12 months: the device with its own 3 months is still due.
    expect(await due(12)).toEqual([ownDue]);
    expect(await due(3)).toEqual([ownDue, fallbackDue].sort((a, b) => a - b));

    const refused = await as('userA', 'GET', '/api/v2/devices?calibrationDue=5');
    expect(refused.statusCode).toBe(400);
  });

  it('counts only the devices the caller can see', async () => {
    const foreign = await as('managerB', 'POST', '/api/v2/device', {
      name: `Beta kalibrering ${randomUUID().slice(0, 8)}`,
      calibrated: true,
      calibration: { type: 'count', value: 1, reminderMonths: 3, calibratedAt: monthsAgo(5) },
    });
    expect(foreign.statusCode).toBe(201);
    const res = await as('userA', 'GET', '/api/v2/devices?calibrationDue=3&pageSize=500');
    const listed = res.json<PageOf<Device>>().items.map((d) => d.id);
    expect(listed).not.toContain(foreign.json<Device>().id);
  });
});
