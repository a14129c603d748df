// `npm run dev`: everything on one origin, http://127.0.0.1:3000 (PORT): the BFF (restarting on
// change) serves the API and forwards the console's modules and Vite's hot-reload socket to Vite,
// which listens on VITE_PORT (5173) for the BFF only (decision 223). The BFF starts once Vite
// accepts connections, so the address it prints serves the console from the first request.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const root = new URL('..', import.meta.url).pathname;
const port = process.env.PORT ?? '3000';
const vitePort = process.env.VITE_PORT ?? '5173';
const children = [];
let stopping = false;
const stop = (signal) => {
  stopping = true;
  children.forEach((c) => c.kill(signal));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

function start(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  children.push(child);
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}

const accepts = () =>
  new Promise((resolve) => {
    const socket = connect(Number(vitePort), '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() && true));
    socket.once('error', () => resolve(false));
  });

start([
  `${root}node_modules/vite/bin/vite.js`,
  '--port',
  vitePort,
  '--strictPort',
  '--host',
  '127.0.0.1',
]);
while (!stopping && !(await accepts())) await sleep(100);
if (!stopping)
  start(['--watch', '--import', 'tsx', `${root}bff/src/server.ts`], {
    PORT: port,
    DEV_VITE_URL: `http://127.0.0.1:${vitePort}`,
  });
