/** A device id from the URL, or null when it cannot be one (the page shows "not found"). */
export function parseDeviceId(raw: string): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}
