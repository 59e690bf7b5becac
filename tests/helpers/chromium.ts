/** Debian's Chromium, the only browser tests and benchmarks use (never a downloaded one). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The flags it runs with here: as root, without a GPU, and quiet on the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
