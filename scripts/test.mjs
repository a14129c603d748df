// `npm test`: every test. Unit and API tests on SQLite; API tests again on PostgreSQL when
// TEST_DATABASE_URL is set; the Playwright suite in Debian's Chromium (installed here when it
// is missing and we are root). Ends with one line: `N passed, M failed`. The checks and the
// console's build run beside the SQLite pass; the PostgreSQL pass and the Playwright suite
// then run one after the other (decision 237).
//   --checks   also run typecheck, lint and format check, each counted as one check (CI does this)
//   --only X   run one step: unit-api | postgres | e2e | qa-outside
// After the Playwright suite, `qa-outside/` runs once: an outside QA team's suite, with only the
// published test kit (installed from its packed tarball), against a test-mode `npm start`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const bin = (name) => `${root}node_modules/.bin/${name}`;
const results = [];
mkdirSync('test-results', { recursive: true });

/** Runs a command to its end; its output goes to ours, or, when `quiet`, is held and printed whole at the end. */
async function run(cmd, argv, env = {}, quiet = false) {
  const child = spawn(cmd, argv, {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  const held = [];
  if (quiet) {
    child.stdout.on('data', (d) => held.push(d));
    child.stderr.on('data', (d) => held.push(d));
  }
  const [code] = await once(child, 'close');
  process.stdout.write(Buffer.concat(held));
  return code ?? 1;
}

const elapsed = (started) => Math.round((Date.now() - started) / 1000);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function vitest(name, argv, env, quiet) {
  const started = Date.now();
  const out = `test-results/vitest-${name}.json`;
  rmSync(out, { force: true });
  const code = await run(
    bin('vitest'),
    ['run', ...argv, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    env,
    quiet,
  );
  const report = readJson(out);
  const passed = report?.numPassedTests ?? 0;
  let failed =
    (report?.numFailedTests ?? 0) + (report?.numTodoTests ?? 0) + (report?.numPendingTests ?? 0);
  if (code !== 0 && failed === 0) failed = 1; // a crash or a failed file counts as a failure
  const names = (report?.testResults ?? []).flatMap((file) => {
    const where = file.name.replace(root, '');
    const tests = file.assertionResults
      .filter((t) => t.status !== 'passed')
      .map((t) => `${where} › ${t.fullName}`);
    return tests.length || file.status === 'passed'
      ? tests
      : [`${where}: ${file.message || 'failed'}`];
  });
  results.push({ name, passed, failed, seconds: elapsed(started), names });
}

async function check(name, cmd, argv) {
  const started = Date.now();
  const code = await run(cmd, argv, {}, true);
  results.push({
    name,
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    seconds: elapsed(started),
  });
}

async function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      'Chromium is missing: run `apt-get install -y chromium` as root (Debian), then npm test again.',
    );
    return false;
  }
  console.log('Installing Debian Chromium for the browser tests...');
  return (
    (await run('sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
    ])) === 0
  );
}

/** The console the Playwright suite serves, built (and Chromium installed) beside the SQLite pass. */
const e2eReady =
  !only || only === 'e2e' || only === 'qa-outside'
    ? (async () =>
        (await ensureChromium()) &&
        (await run(bin('vite'), ['build', '--logLevel', 'warn'], {}, true)) === 0)()
    : undefined;

/** A Playwright run (`argv` after `test`) counted as `name`, from its JSON report `out`. */
async function playwright(name, argv, out, before) {
  const started = Date.now();
  if (!(await e2eReady) || (before && (await before()) !== 0)) {
    results.push({ name, passed: 0, failed: 1 });
    return;
  }
  rmSync(out, { force: true });
  const code = await run(bin('playwright'), ['test', ...argv], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  const report = readJson(out);
  const stats = report?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  let failed = (stats?.unexpected ?? 0) + (stats?.skipped ?? 0);
  if (code !== 0 && failed === 0) failed = 1;
  results.push({
    name,
    passed,
    failed,
    seconds: elapsed(started),
    names: playwrightFailures(report?.suites ?? []),
  });
}

/** `file › title` of each Playwright test that did not pass, from its JSON report's suites. */
function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected' || t.status === 'skipped')
        .map((t) => `${spec.file} › [${t.projectName}] ${spec.title}`),
    ),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

// The checks run one after another beside the SQLite pass, their output held until each ends.
const checks = args.includes('--checks')
  ? (async () => {
      await check('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
      await check('lint', bin('eslint'), ['.']);
      await check('format', bin('prettier'), ['--check', '.']);
    })()
  : undefined;
if (!only || only === 'unit-api') await vitest('sqlite', ['--project', 'unit', '--project', 'api']);
await checks;
const postgres = (!only || only === 'postgres') && process.env.TEST_DATABASE_URL;
if (!postgres && !only)
  console.log('TEST_DATABASE_URL is not set: the API tests ran on SQLite only.');
// The fuzz's inputs are the engine's concern only where they reach the database: the
// PostgreSQL pass tries 5 per operation and case instead of 20, unless ABUSE_RUNS says (decision 237).
const postgresEnv = { TEST_ENGINE: 'postgres', ABUSE_RUNS: process.env.ABUSE_RUNS ?? '5' };
// One after the other: beside the Playwright suite (Chromium and three servers) on two cores,
// the PostgreSQL pass took 835 s instead of 241 s alone (decision 237).
if (postgres) await vitest('postgres', ['--project', 'api'], postgresEnv);
if (!only || only === 'e2e') await playwright('e2e (chromium)', [], 'test-results/e2e.json');
if (!only || only === 'qa-outside')
  await playwright(
    'qa-outside (test kit)',
    ['-c', 'qa-outside'],
    'test-results/qa-outside.json',
    () => run(process.execPath, ['qa-outside/install-kit.mjs'], {}, true),
  );

console.log('');
// What failed is named again here, beside the totals: a log cut to its last lines still shows it.
for (const r of results) {
  console.log(
    `  ${r.name}: ${r.passed} passed, ${r.failed} failed${r.seconds === undefined ? '' : ` (${r.seconds} s)`}`,
  );
  for (const test of r.names ?? []) console.log(`    ✘ ${test}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.length === 0 ? 1 : 0);
