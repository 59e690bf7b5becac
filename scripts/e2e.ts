import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureWebBuild, projectRoot } from './web-build.ts';

export const CHROMIUM = '/usr/bin/chromium';

// End-to-end tests run in Debian's Chromium, never in a downloaded browser.
if (!fs.existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  if (process.env.CI === 'true' && isRoot) {
    process.stdout.write('Chromium is missing: installing Debian’s chromium package…\n');
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (update.status !== 0 || install.status !== 0) process.exit(1);
  } else {
    process.stderr.write(
      `\nThe end-to-end tests need Chromium at ${CHROMIUM}.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(With CI=true and as root, this step installs it by itself.)\n\n',
    );
    process.exit(1);
  }
}

await ensureWebBuild((line) => process.stdout.write(`${line}\n`));
const result = spawnSync(
  process.execPath,
  ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)],
  { cwd: projectRoot, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
