// The data `npm run bench` measures (docs/performance.md), written straight into the database
// before the server starts. `BENCH_SEED_CACHE=<dir>`: the seeded SQLite file is kept there
// (keyed by the migrations it was made with) and copied for later runs, which then skip the
// ~40 s of seeding: for repeated profiling runs; a run measures the same data either way.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { vmSize } from '#shared/catalog';
import { newId } from '#shared/ids';
import { openDatabase, type Db } from '../bff/src/db/database.ts';
import { isUniqueViolation } from '../bff/src/db/errors.ts';
import { migrate } from '../bff/src/db/migrations.ts';
import { pickNicIPv4, pickNicIPv6, randomPublicIPv6 } from '../bff/src/net/allocate.ts';
import { createAccount } from '../bff/src/resources/auth/account.store.ts';
import { createProject } from '../bff/src/resources/project/project.store.ts';
import { insertSubnet } from '../bff/src/resources/private-subnet/private-subnet.store.ts';
import { createRootCa } from '../bff/src/resources/certs.ts';
import { postgresRow } from '../bff/src/resources/postgres/postgres.service.ts';

export const LOCATION = 'eu-central-h1';
export const SSH_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl bench';
export const EMAIL = 'bench@example.com';
export const PASSWORD = 'bench-password';

/**
 * A project with `count` running VMs, their NICs and subnets (about 60 VMs a subnet), written
 * straight into the database before the server starts, in batches: through the API this would
 * take minutes. Answers the project's ID and the cursor of its last page of 10 (by id).
 */
export async function seedVmProject(db: Db, accountId: string, name: string, count: number) {
  const project = await createProject(db, accountId, name);
  // Seeded past the API's subnet quota: 100,000 VMs need about 1,700 subnets.
  const quotas = { SUBNET_QUOTA: Number.MAX_SAFE_INTEGER };
  const ids: string[] = [];
  await db.transaction().execute(async (tx) => {
    // Random /26s clash now and then among 1,700: SQLite undoes only the failed statement, so pick again.
    const newSubnet = async (name: string) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await insertSubnet(
            tx,
            { projectId: project.id, location: LOCATION, name },
            quotas,
          );
        } catch (err) {
          if (attempt >= 10 || !isUniqueViolation(err)) throw err;
        }
      }
    };
    let subnet = await newSubnet('net-0');
    let used: string[] = [];
    let vms: Record<string, unknown>[] = [];
    let nics: Record<string, unknown>[] = [];
    const flush = async () => {
      if (vms.length)
        await tx
          .insertInto('vm')
          .values(vms as never)
          .execute();
      if (nics.length)
        await tx
          .insertInto('nic')
          .values(nics as never)
          .execute();
      vms = [];
      nics = [];
    };
    const now = new Date().toISOString();
    for (let i = 0; i < count; i++) {
      let ip = pickNicIPv4(subnet.net4, used);
      if (!ip) {
        await flush();
        subnet = await newSubnet(`net-${i}`);
        used = [];
        ip = pickNicIPv4(subnet.net4, used)!;
      }
      used.push(ip);
      const id = newId('vm');
      ids.push(id);
      vms.push({
        id,
        project_id: project.id,
        location: LOCATION,
        name: `vm-${i}`,
        state: 'running',
        size: 'standard-2',
        unix_user: 'ubi',
        public_key: SSH_KEY,
        boot_image: 'ubuntu-jammy',
        storage_size_gib: vmSize('standard-2')!.storageGib,
        ip4: null,
        ip6: randomPublicIPv6(),
        subnet_id: subnet.id,
        created_at: now,
      });
      nics.push({
        id: newId('nic'),
        subnet_id: subnet.id,
        vm_id: id,
        name: `vm-${i}-nic`,
        private_ipv4: ip,
        private_ipv6: pickNicIPv6(subnet.net6),
        created_at: now,
      });
      if (vms.length === 500) await flush();
    }
    await flush();
  });
  ids.sort();
  return { id: project.id, lastPage: ids[ids.length - 11]! };
}

/** 1,000 running databases in the project, rows written directly (one CA shared by all, for speed). */
async function seedPostgres(db: Db, projectId: string, location: string, count: number) {
  const ca = await createRootCa('bench', 'bench');
  const now = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < count; i++) {
      const fields = {
        projectId,
        location,
        name: `pg-${i}`,
        size: 'standard-2',
        storage_size: 64,
        ha_type: 'none',
        version: '18',
        flavor: 'standard',
        tags: [],
        restrict_by_default: false,
      } as const;
      await tx
        .insertInto('postgres')
        .values({
          ...postgresRow(newId('postgres'), { ...fields, tags: [] }, ca),
          state: 'running',
          running_since: now,
        })
        .execute();
    }
  });
}

export interface Seeded {
  /** 10,000 VMs in ~170 subnets of ~60 NICs each, and 1,000 databases. */
  big: { id: string; lastPage: string };
  small: { id: string; lastPage: string };
  huge: { id: string; lastPage: string };
}

/**
 * The bench's SQLite data in `dataDir`: an account (verified, so it signs in), projects of
 * 10,000 VMs (and 1,000 databases), 1,000 and 100,000 VMs, and 997 empty projects.
 */
export async function seedSqlite(dataDir: string): Promise<Seeded> {
  const cacheDir = process.env.BENCH_SEED_CACHE;
  // The cache holds only while the schema and this file are unchanged.
  const src = path.join(import.meta.dirname, '../bff/src');
  const hash = createHash('sha256').update(fs.readFileSync(import.meta.filename));
  for (const f of (fs.readdirSync(src, { recursive: true }) as string[]).sort()) {
    if (f.endsWith('.tables.ts') || (f.startsWith('db/') && f.endsWith('.ts')))
      hash.update(f).update(fs.readFileSync(path.join(src, f)));
  }
  const migrationsKey = hash.digest('hex');
  const cached = cacheDir && path.join(cacheDir, 'seeded.json');
  if (cached && fs.existsSync(cached)) {
    const saved = JSON.parse(fs.readFileSync(cached, 'utf8')) as Seeded & { key: string };
    if (saved.key === migrationsKey) {
      console.log(`seeded data copied from ${cacheDir} (BENCH_SEED_CACHE)`);
      fs.copyFileSync(path.join(cacheDir, 'console.sqlite'), path.join(dataDir, 'console.sqlite'));
      return saved;
    }
  }
  console.log(
    'seeding: projects of 10,000 (and 1,000 databases), 1,000 and 100,000 VMs, and 997 more projects (1,000 in all)...',
  );
  const { db } = openDatabase({ dataDir });
  await migrate(db);
  const account = await createAccount(db, EMAIL, PASSWORD, { verified: true });
  const big = await seedVmProject(db, account.id, 'vm-10k', 10_000);
  await seedPostgres(db, big.id, LOCATION, 1_000);
  const small = await seedVmProject(db, account.id, 'vm-1k', 1_000);
  const huge = await seedVmProject(db, account.id, 'vm-100k', 100_000);
  for (let i = 0; i < 997; i++) await createProject(db, account.id, `project-${i}`);
  await db.destroy();
  const seeded = { big, small, huge };
  if (cacheDir && cached) {
    fs.mkdirSync(cacheDir, { recursive: true });
    // The file alone: the database was closed, so its WAL is checkpointed into it.
    fs.copyFileSync(path.join(dataDir, 'console.sqlite'), path.join(cacheDir, 'console.sqlite'));
    fs.writeFileSync(cached, JSON.stringify({ ...seeded, key: migrationsKey }));
  }
  return seeded;
}
