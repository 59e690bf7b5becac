import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(projectRoot, 'dist', 'web');
const stampFile = path.join(outDir, '.inputs');
const inputs = [
  'src',
  'contracts',
  'machines',
  'streams',
  'public',
  'index.html',
  'vite.config.ts',
  // The build's own plugins.
  'scripts/first-screen.ts',
  'scripts/chunk-groups.ts',
  'scripts/pure-contracts.ts',
  'server/lib/first-screen-page.ts',
  'scripts/route-preloads.ts',
  'scripts/precompress.ts',
  'lingui.config.ts',
  'package-lock.json',
];

/** A fingerprint of everything the web build reads: names, sizes and modification times. */
export async function fingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const visit = async (relative: string) => {
    const full = path.join(projectRoot, relative);
    const stat = await fs.stat(full).catch(() => null);
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of (await fs.readdir(full)).sort()) await visit(path.join(relative, entry));
    } else {
      hash.update(`${relative}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const input of inputs) await visit(input);
  return hash.digest('hex');
}

/** Builds the console when the build is missing or older than its sources. */
export async function ensureWebBuild(log: (line: string) => void): Promise<void> {
  const current = await fingerprint();
  const built = await fs.readFile(stampFile, 'utf8').catch(() => null);
  const hasIndex = await fs.stat(path.join(outDir, 'index.html')).then(
    () => true,
    () => false,
  );
  if (built === current && hasIndex) return;
  log(hasIndex ? 'The console changed: building it again…' : 'Building the console (first start)…');
  const started = Date.now();
  const { build } = await import('vite');
  await build({ root: projectRoot, logLevel: 'warn' });
  await fs.writeFile(stampFile, current);
  log(`Console built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
