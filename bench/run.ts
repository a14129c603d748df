// `npm run bench`: autocannon on loopback against the real BFF (its own process, fresh SQLite
// database, default logging) and an Express hello-world baseline started by this script.
// Prints req/s, p99 latency and each figure's ratio to the baseline measured in the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { newId } from '../shared/ids.ts';
import { openDatabase } from '../bff/src/db/database.ts';
import { migrate } from '../bff/src/db/migrations.ts';
import { createAccount } from '../bff/src/resources/auth/account.store.ts';
import { createProject } from '../bff/src/resources/project/project.store.ts';
import { insertSubnet } from '../bff/src/resources/private-subnet/private-subnet.store.ts';
import { pickNicIPv4 } from '../bff/src/net/allocate.ts';
import { insertVmWithNic } from '../bff/src/resources/vm/vm.service.ts';
import { createRootCa } from '../bff/src/resources/postgres/postgres.certs.ts';
import { postgresRow } from '../bff/src/resources/postgres/postgres.service.ts';

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

/**
 * 10,000 running VMs (with their subnets and NICs) and 1,000 databases in one project, written
 * straight into the fresh database before the server starts: through the API this would take minutes.
 */
async function seedVms(dataDir: string, email: string, password: string, count: number) {
  const { db } = openDatabase({ dataDir });
  await migrate(db);
  const account = await createAccount(db, email, password);
  const project = await createProject(db, account.id, 'vm-bench');
  const location = 'eu-central-h1';
  // Seeded past the API's subnet quota: 10,000 VMs need about 170 subnets.
  const quotas = { SUBNET_QUOTA: Number.MAX_SAFE_INTEGER };
  await db.transaction().execute(async (tx) => {
    let subnet = await insertSubnet(tx, { projectId: project.id, location, name: 'net-0' }, quotas);
    let used: string[] = [];
    for (let i = 0; i < count; i++) {
      let ip = pickNicIPv4(subnet.net4, used);
      if (!ip) {
        subnet = await insertSubnet(tx, { projectId: project.id, location, name: `net-${i}` }, quotas);
        used = [];
        ip = pickNicIPv4(subnet.net4, used)!;
      }
      used.push(ip);
      await insertVmWithNic(
        tx,
        {
          project_id: project.id,
          location,
          name: `vm-${i}`,
          state: 'running',
          size: 'standard-2',
          unix_user: 'ubi',
          public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl bench',
          boot_image: 'ubuntu-jammy',
          ip4: null,
        },
        subnet,
        ip,
      );
    }
  });
  await seedPostgres(db, project.id, location, 1_000);
  await db.destroy();
  return project.id;
}

/** 1,000 running databases in the project, rows written directly (one CA shared by all, for speed). */
async function seedPostgres(db: ReturnType<typeof openDatabase>['db'], projectId: string, location: string, count: number) {
  const ca = await createRootCa('bench', 'bench');
  const now = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < count; i++) {
      const fields = {
        projectId,
        location,
        name: `pg-${i}`,
        size: 'standard-2',
        storage_size: 128,
        ha_type: 'none',
        version: '17',
        flavor: 'standard',
        tags: [],
        restrict_by_default: false,
      } as const;
      await tx
        .insertInto('postgres')
        .values({ ...postgresRow(newId('postgres'), { ...fields, tags: [] }, ca), state: 'running', running_since: now })
        .execute();
    }
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-'));
  console.log('seeding 10,000 VMs and 1,000 databases...');
  const vmProject = await seedVms(dataDir, 'bench@example.com', 'bench-password', 10_000);
  const baseline = await start(['bench/baseline.mjs'], {});
  const bff = await start(['--import', 'tsx', 'bff/src/server.ts'], {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-password',
    LOG_LEVEL: 'info',
  });
  try {
    const login = await json(`${bff.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'bench@example.com', password: 'bench-password' }),
    });
    const auth = { authorization: `Bearer ${login.headers.get('authorization')}` };
    console.log('seeding 999 more projects through the API (1,000 in all)...');
    for (let i = 0; i < 999; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, 999 - i) }, (_, j) =>
          json(`${bff.url}/api/project`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: `project-${i + j}` }) }),
        ),
      );
    }

    const rows = [await measure('baseline: Express hello-world', `${baseline.url}/`)];
    rows.push(await measure('GET /api/project (page of 10 of 1,000)', `${bff.url}/api/project?page_size=10`, auth));
    rows.push(await measure('GET /api/project/P/vm (page of 10 of 10,000)', `${bff.url}/api/project/${vmProject}/vm?page_size=10`, auth));
    rows.push(await measure('GET /api/project/P/location/L/vm/{name} (of 10,000)', `${bff.url}/api/project/${vmProject}/location/eu-central-h1/vm/vm-5000`, auth));
    rows.push(
      await measure('GET /api/project/P/location/L/postgres (page of 10 of 1,000)', `${bff.url}/api/project/${vmProject}/location/eu-central-h1/postgres?page_size=10`, auth),
    );
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
