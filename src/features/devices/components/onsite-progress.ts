/** Where an unfinished on-site setup stopped: the device it made and the step to show. */
export interface Progress {
  deviceId: number;
  step: 1 | 2 | 3;
}

const keyOf = (userUuid: string) => `nordlys.onsite.${userUuid}`;

/** The setup this user left unfinished in this browser, if any. */
export function readProgress(userUuid: string): Progress | null {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(keyOf(userUuid)) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return null;
    const { deviceId, step } = kept as Record<string, unknown>;
    if (typeof deviceId !== 'number' || !Number.isSafeInteger(deviceId) || deviceId < 1)
      return null;
    if (step !== 1 && step !== 2 && step !== 3) return null;
    return { deviceId, step };
  } catch {
    return null;
  }
}

export function saveProgress(userUuid: string, progress: Progress): void {
  try {
    localStorage.setItem(keyOf(userUuid), JSON.stringify(progress));
  } catch {
    // Without storage the setup still runs; it only cannot resume after a reload.
  }
}

export function clearProgress(userUuid: string): void {
  try {
    localStorage.removeItem(keyOf(userUuid));
  } catch {
    // Nothing kept.
  }
}
