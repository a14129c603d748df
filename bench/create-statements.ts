// A VM create's statements alone, for `npm run bench`: what the API's create and the worker's
// first step run in SQLite, as traced from the BFF (better-sqlite3's `verbose`), with no HTTP,
// validation or query building around them:
// - the request's holder (decision 247): the project, its VM count, the name, the subnet and
//   its taken addresses; in `transactionWithRetry`'s savepoint, the VM, its NIC and its job;
//   then the answer's read and the audit entry;
// - the worker's first step: the VM read on the reader connection, the data plane's call
//   record (a write outside a transaction) and the job's advance (a holder).
// Left out, so this is a ceiling: the worker's claims and its finish step, the events hub's
// reads, the idempotency and session checks.
//
// `argv[4]` creates to a commit, as the driver groups them; `argv[5]` to a project in turn, as
// the bench sends them. Runs on a copy of the bench's database `argv[2]` in the folder
// `argv[3]`, into the projects the bench's creates made: each has 40 VMs in a /26 that takes
// 59, so 19 more. IDs and addresses are made by the BFF's own functions. Prints creates a
// second. Ten to a commit is the most the bench's 10 clients allow: each waits for its
// answer, which comes after its commit.
//
// Update it when a create's statements change (docs/performance.md).
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { newId } from '#shared/ids';
import { pickNicIPv4, pickNicIPv6, randomPublicIPv6 } from '../bff/src/net/allocate.ts';

const [source, dir] = [process.argv[2]!, process.argv[3]!];
const perCommit = Number(process.argv[4] ?? 10);
const perProject = Number(process.argv[5] ?? 19);
const file = path.join(dir, 'create-statements.sqlite');
for (const suffix of ['', '-wal'])
  if (fs.existsSync(source + suffix)) fs.copyFileSync(source + suffix, file + suffix);
/** A connection with the BFF's settings (db/sqlite/): the writer, and the reader for reads outside a transaction. */
function open(): SQLite.Database {
  const c = new SQLite(file);
  c.pragma('journal_mode = WAL');
  c.pragma('synchronous = FULL');
  c.pragma('foreign_keys = ON');
  c.pragma('temp_store = MEMORY');
  return c;
}
const db = open();
const reader = open();

const projects = db
  .prepare(
    `select project.id, private_subnet.id as subnet, private_subnet.net4, private_subnet.net6 from project join private_subnet on private_subnet.project_id = project.id
     where project.name like 'creates-%' or project.name like 'warm-up-%' order by project.id`,
  )
  .all() as { id: string; subnet: string; net4: string; net6: string }[];
if (!projects.length) throw new Error('no projects of the bench’s creates in the database');
const creates = projects.length * perProject;
const account = db.prepare('select id, email from account order by created_at limit 1').get() as {
  id: string;
  email: string;
};
const LOCATION = 'eu-central-h1';
const KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl bench';
const s = (text: string) => db.prepare(text);
const q = {
  project: s('select "id" from "project" where "id" = ?'),
  count: s('select sum("n") as "n" from "scope_count" where "tbl" = ? and "project_id" = ?'),
  nameFree: s(
    'select "id" from "vm" where "service_of" is null and "project_id" = ? and "location" = ? and "name" = ?',
  ),
  subnet: s(
    'select * from "private_subnet" where "project_id" = ? and "location" = ? and "name" = ?',
  ),
  taken: s('select "private_ipv4" from "nic" where "subnet_id" = ?'),
  vm: s(
    'insert into "vm" ("project_id", "location", "name", "state", "size", "unix_user", "public_key", "boot_image", "ip4", "service_of", "storage_size_gib", "id", "ip6", "subnet_id", "created_at") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ),
  nic: s(
    'insert into "nic" ("id", "subnet_id", "vm_id", "name", "private_ipv4", "private_ipv6", "created_at") values (?, ?, ?, ?, ?, ?, ?)',
  ),
  job: s(
    'insert into "job" ("id", "kind", "resource_id", "step", "state", "run_at", "attempts", "lease_owner", "lease_expires_at", "last_error", "created_at", "updated_at") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ),
  view: s(
    `select "nic"."id", "nic"."private_ipv4", "nic"."private_ipv6", "private_subnet"."name", "firewall"."id", "firewall"."name", "firewall"."description", "firewall_rule"."id", "firewall_rule"."cidr", "firewall_rule"."port_start", "firewall_rule"."port_end"
     from "nic" inner join "private_subnet" on "private_subnet"."id" = "nic"."subnet_id" left join "firewall_subnet" on "firewall_subnet"."subnet_id" = "private_subnet"."id"
     left join "firewall" on "firewall"."id" = "firewall_subnet"."firewall_id" left join "firewall_rule" on "firewall_rule"."firewall_id" = "firewall"."id"
     where "nic"."vm_id" = ? and "nic"."subnet_id" = ? order by "nic"."id", "firewall"."id", "firewall_rule"."id"`,
  ),
  audit: s(
    'insert into "audit_entry" ("id", "project_id", "at", "action", "account_id", "account_email", "token_id", "object_id", "object_kind", "object_name", "location", "request_id", "error_type") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ),
  readVm: reader.prepare('select * from "vm" where "id" = ?'),
  call: s(
    'insert into "sim_call" ("job_id", "step", "operation", "resource_id", "worker", "created_at") values (?, ?, ?, ?, ?, ?)',
  ),
  advance: s(
    'update "job" set "step" = ?, "state" = ?, "run_at" = ?, "attempts" = ?, "lease_owner" = ?, "lease_expires_at" = ?, "last_error" = ?, "updated_at" = ? where "id" = ? and "state" = ? and "step" = ?',
  ),
};

/** The API's create (decision 247: the holder's savepoint inside the group), then the answer's read and the audit entry. */
function create(i: number) {
  const p = projects[Math.floor(i / perProject)]!;
  const name = `s-${i}`;
  const now = new Date().toISOString();
  db.exec('savepoint holder');
  q.project.all(p.id);
  q.count.all('vm', p.id);
  q.nameFree.all(p.id, LOCATION, name);
  q.subnet.all(p.id, LOCATION, `default-${LOCATION}`);
  const taken = (q.taken.all(p.subnet) as { private_ipv4: string }[]).map((r) => r.private_ipv4);
  db.exec('savepoint request_1');
  const vm = newId('vm');
  q.vm.run(
    p.id,
    LOCATION,
    name,
    'creating',
    'standard-2',
    'ubi',
    KEY,
    'ubuntu-jammy',
    null,
    null,
    40,
    vm,
    randomPublicIPv6(),
    p.subnet,
    now,
  );
  q.nic.run(
    newId('nic'),
    p.subnet,
    vm,
    `${name}-nic`,
    pickNicIPv4(p.net4, taken),
    pickNicIPv6(p.net6),
    now,
  );
  const job = newId('job');
  q.job.run(job, 'vm.create', vm, 'start', 'pending', now, 0, null, null, null, now, now);
  db.exec('release savepoint request_1');
  q.view.all(vm, p.subnet);
  q.audit.run(
    newId('auditEntry'),
    p.id,
    now,
    'createVm',
    account.id,
    account.email,
    null,
    vm,
    'vm',
    name,
    LOCATION,
    'request',
    null,
  );
  db.exec('release holder');
  return { vm, job };
}

/** The worker's first step: the VM read on the reader, the data plane's call record (a write outside a transaction), the job's advance (a holder). */
function firstStep({ vm, job }: { vm: string; job: string }) {
  q.readVm.all(vm);
  q.call.run(job, 'start', 'createVm', vm, 'bench', new Date().toISOString());
  db.exec('savepoint holder');
  const now = Date.now();
  q.advance.run(
    'finish',
    'pending',
    new Date(now + 3000).toISOString(),
    0,
    null,
    null,
    null,
    new Date(now).toISOString(),
    job,
    'pending',
    'start',
  );
  db.exec('release holder');
}

const began = performance.now();
for (let i = 0; i < creates; i += perCommit) {
  db.exec('begin');
  const made: { vm: string; job: string }[] = [];
  for (let j = i; j < Math.min(creates, i + perCommit); j++) made.push(create(j));
  for (const m of made) firstStep(m);
  db.exec('commit');
}
console.log(JSON.stringify({ createsPerSecond: creates / ((performance.now() - began) / 1000) }));
db.close();
reader.close();
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
