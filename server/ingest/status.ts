import type { DeviceStatusColour } from './events.ts';

/**
 * How recent a connection or data must be to count as "connected" or
 * "receiving data" (spec §4 Device status). A device that reports every few
 * minutes stays green; one silent for this long turns yellow, then red.
 */
export const STATUS_WINDOW_MS = 15 * 60_000;

/**
 * The status colour: green when connected and receiving data, yellow when
 * connected without data, red when disconnected, none when nothing has ever
 * been heard from the device.
 */
export function deviceStatus(
  lastConnectionAt: Date | null,
  lastDataAt: Date | null,
  now: number,
  windowMs = STATUS_WINDOW_MS,
): DeviceStatusColour {
  const recent = (at: Date | null) => at !== null && now - at.getTime() <= windowMs;
  if (lastConnectionAt === null && lastDataAt === null) return 'none';
  if (recent(lastDataAt)) return 'green';
  if (recent(lastConnectionAt)) return 'yellow';
  return 'red';
}
