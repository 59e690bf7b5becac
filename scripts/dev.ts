import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from './web-build.ts';

// `npm run dev`: the platform with reload on change, and Vite with hot reload
// proxying /api to it. Open the URL that Vite prints.
const port = process.env.PORT ?? '8080';
const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/server.ts'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: port,
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
    },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, NORDLYS_API: `http://localhost:${port}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) {
  child.once('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
