// `npm start`: builds the console when no build exists and the BFF when its bundle is missing
// or stale, then runs the BFF (API + console) as plain JavaScript in this process, compiled with
// the code cache of the previous start (decision 254).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { bffBuildIsStale, buildBff, OUT } from './build-bff.mjs';
import { runBundle } from './run-bundle.mjs';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(`${root}dist/web/index.html`)) {
  console.log('No console build yet: building it once (npm run build)...');
  const build = spawnSync(
    process.execPath,
    [`${root}node_modules/vite/bin/vite.js`, 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (bffBuildIsStale()) await buildBff();
runBundle(OUT);
