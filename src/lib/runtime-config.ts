import { bootAnswer } from './boot.ts';
import { serviceNames, type RuntimeConfig, type ServiceName } from '../../contracts/config.ts';

const fallback: RuntimeConfig = {
  version: 'unknown',
  beta: false,
  services: Object.fromEntries(serviceNames.map((name) => [name, '/api'])) as Record<
    ServiceName,
    string
  >,
  thirdPartySignIn: null,
  map: { tiles: null },
};

let current: RuntimeConfig = fallback;

/** Loaded once at start; offline, the console still starts with the defaults. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await (bootAnswer('/api/config') ??
      fetch('/api/config', { signal: AbortSignal.timeout(10_000) }));
    if (response.ok) current = { ...fallback, ...((await response.json()) as RuntimeConfig) };
  } catch {
    current = fallback;
  }
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  return current;
}
