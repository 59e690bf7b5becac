import { ensureWebBuild } from './web-build.ts';

// `npm start`: build the console if it is missing or stale, then run the platform.
await ensureWebBuild((line) => process.stdout.write(`${line}\n`));
const { main } = await import('../server/server.ts');
await main();
