// `npm run bench`: autocannon on loopback against the real BFF (its own process, fresh SQLite
// database, default logging) and an Express hello-world baseline started by this script.
// Prints req/s, p99 latency and each figure's ratio to the baseline measured in the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = new URL('..', import.meta.url).pathname;
const DURATION = Number(process.argv[2] ?? 10);
const CONNECTIONS = 50;

function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise<{ url: string; stop: () => void }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/[\d.:]+)/);
      if (m) {
        child.stdout.removeAllListeners('data');
        child.stdout.resume(); // discard the rest (request logs) without blocking the server
        resolve({ url: m[1]!, stop: () => child.kill('SIGTERM') });
      }
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}`)));
  });
}

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { name, rps: r.requests.average, p99: r.latency.p99 };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-'));
  const baseline = await start(['bench/baseline.mjs'], {});
  const bff = await start(['--import', 'tsx', 'bff/src/server.ts'], {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-password',
    LOG_LEVEL: 'info',
  });
  try {
    const login = await json(`${bff.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'bench@example.com', password: 'bench-password' }) });
    const auth = { authorization: `Bearer ${login.headers.get('authorization')}` };
    console.log('seeding 1,000 projects through the API...');
    for (let i = 0; i < 1000; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => json(`${bff.url}/api/project`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: `project-${i + j}` }) })));
    }

    const rows = [await measure('baseline: Express hello-world', `${baseline.url}/`)];
    rows.push(await measure('GET /api/project (page of 10 of 1,000)', `${bff.url}/api/project?page_size=10`, auth));
    const base = rows[0]!;
    console.log(`\n${os.cpus().length} cores, Node ${process.version}, ${CONNECTIONS} connections, ${DURATION} s each\n`);
    console.log('| target | req/s | p99 ms | req/s vs baseline | p99 vs baseline |');
    console.log('|---|---:|---:|---:|---:|');
    for (const r of rows) {
      console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p99} | ${(r.rps / base.rps).toFixed(2)}× | ${(r.p99 / base.p99).toFixed(2)}× |`);
    }
  } finally {
    baseline.stop();
    bff.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
