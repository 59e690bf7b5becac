/** The answers public/boot.js asked for before the console's scripts ran, by path. */
type BootAnswers = Partial<Record<string, Promise<Response>>>;

const holder = globalThis as unknown as {
  nordlysBoot?: BootAnswers;
  /** Settles once boot.js has asked for the shown dashboard's devices, or chosen not to. */
  nordlysBootDevices?: Promise<unknown>;
};
const taken = new WeakSet<Promise<Response>>();

/**
 * The answer to a GET of `url` that the page asked for at once (public/boot.js),
 * taken only once: a later read of the same resource asks the server again.
 */
export function bootAnswer(url: string): Promise<Response> | undefined {
  const answer = holder.nordlysBoot?.[url];
  if (!answer || taken.has(answer)) return undefined;
  taken.add(answer);
  return answer;
}

/**
 * Resolves once boot.js has placed its read of the shown dashboard's devices (or
 * chosen to make none). boot.js works that read out from the dashboards' answer
 * while the console reads the same answer: waiting for it keeps the console from
 * asking for the devices as well when its own reading ends first.
 */
export async function bootDevicesPlaced(): Promise<void> {
  await holder.nordlysBootDevices?.catch(() => undefined);
}

/**
 * Once the first page has loaded, an answer nobody took (the configuration
 * sent the session to another address; the dashboards of a visitor who was
 * not signed in) is dropped: after a sign-in it would be stale.
 */
export function dropBootAnswers(): void {
  delete holder.nordlysBoot;
  delete holder.nordlysBootDevices;
}
