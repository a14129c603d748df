// `npm start`: builds the console when no build exists, then runs the BFF (API + console).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(`${root}dist/web/index.html`)) {
  console.log('No console build yet: building it once (npm run build)...');
  const build = spawnSync(process.execPath, [`${root}node_modules/vite/bin/vite.js`, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', `${root}bff/src/server.ts`], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
