// `npm test`: every test. Unit and API tests on SQLite; API tests again on PostgreSQL when
// TEST_DATABASE_URL is set; the Playwright suite in Debian's Chromium (installed here when it
// is missing and we are root). Ends with one line: `N passed, M failed`.
//   --checks   also run typecheck, lint and format check, each counted as one check (CI does this)
//   --only X   run one step: unit-api | postgres | e2e
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const bin = (name) => `${root}node_modules/.bin/${name}`;
const results = [];
mkdirSync('test-results', { recursive: true });

function run(cmd, argv, env = {}) {
  const r = spawnSync(cmd, argv, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

const elapsed = (started) => Math.round((Date.now() - started) / 1000);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitest(name, argv, env) {
  const started = Date.now();
  const out = `test-results/vitest-${name}.json`;
  rmSync(out, { force: true });
  const code = run(bin('vitest'), ['run', ...argv, '--reporter=default', '--reporter=json', `--outputFile=${out}`], env);
  const report = readJson(out);
  const passed = report?.numPassedTests ?? 0;
  let failed = (report?.numFailedTests ?? 0) + (report?.numTodoTests ?? 0) + (report?.numPendingTests ?? 0);
  if (code !== 0 && failed === 0) failed = 1; // a crash or a failed file counts as a failure
  results.push({ name, passed, failed, seconds: elapsed(started) });
}

function check(name, cmd, argv) {
  const started = Date.now();
  const code = run(cmd, argv);
  results.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, seconds: elapsed(started) });
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing: run `apt-get install -y chromium` as root (Debian), then npm test again.');
    return false;
  }
  console.log('Installing Debian Chromium for the browser tests...');
  return run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null']) === 0;
}

function e2e() {
  const started = Date.now();
  if (!ensureChromium() || run(bin('vite'), ['build', '--logLevel', 'warn']) !== 0) {
    results.push({ name: 'e2e (chromium)', passed: 0, failed: 1 });
    return;
  }
  const out = 'test-results/e2e.json';
  rmSync(out, { force: true });
  const code = run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  const stats = readJson(out)?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  let failed = (stats?.unexpected ?? 0) + (stats?.skipped ?? 0);
  if (code !== 0 && failed === 0) failed = 1;
  results.push({ name: 'e2e (chromium)', passed, failed, seconds: elapsed(started) });
}

if (args.includes('--checks')) {
  check('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  check('lint', bin('eslint'), ['.']);
  check('format', bin('prettier'), ['--check', '.']);
}
if (!only || only === 'unit-api') vitest('sqlite', ['--project', 'unit', '--project', 'api']);
if ((!only || only === 'postgres') && process.env.TEST_DATABASE_URL) {
  vitest('postgres', ['--project', 'api'], { TEST_ENGINE: 'postgres' });
} else if (!only) {
  console.log('TEST_DATABASE_URL is not set: the API tests ran on SQLite only.');
}
if (!only || only === 'e2e') e2e();

console.log('');
for (const r of results) console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed${r.seconds === undefined ? '' : ` (${r.seconds} s)`}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.length === 0 ? 1 : 0);
