// `npm run dev`: everything on one origin, http://127.0.0.1:3000 (PORT): the BFF (restarting on
// change) serves the API and forwards the console's modules and Vite's hot-reload socket to Vite,
// which listens on VITE_PORT (5173) for the BFF only (decision 223).
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const port = process.env.PORT ?? '3000';
const vitePort = process.env.VITE_PORT ?? '5173';
const children = [
  spawn(process.execPath, [`${root}node_modules/vite/bin/vite.js`, '--port', vitePort, '--strictPort', '--host', '127.0.0.1'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch', '--import', 'tsx', `${root}bff/src/server.ts`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, DEV_VITE_URL: `http://127.0.0.1:${vitePort}` },
  }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
