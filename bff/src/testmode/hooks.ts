// Test mode's say before each job step (the worker's one hook, lifecycle/jobs.ts StepHooks):
// a held resource's step waits for its release; a project's delay_ms replaces
// PROVISION_DELAY_MS; a magic name (`…-fail-create`) or a fault rule fails the operation at its
// first step, for good, with a realistic reason (docs/testing.md).
import { sql } from 'kysely';
import type { FAULT_KINDS } from '#shared/api/test-mode';
import { ID_PREFIXES } from '#shared/ids';
import type { Db } from '../db/database.ts';
import { failingKindOf } from '../lifecycle/failure.ts';
import { FinalFailure, jobDefinition, type JobRow, type StepHooks } from '../lifecycle/jobs.ts';
import { beingEmptied } from '../resources/project/empty-project.ts';

type FaultKind = (typeof FAULT_KINDS)[number];

const FAULT_KIND_OF_TABLE: Record<string, FaultKind> = {
  vm: 'vm',
  postgres: 'postgres',
  kubernetes_cluster: 'kubernetes',
  load_balancer: 'load_balancer',
};

/** A job's operation, from its kind (`vm.destroy` → delete; a cluster's converge creates it or updates it). */
export function operationOf(jobKind: string, state: string): string {
  const action = jobKind.slice(jobKind.indexOf('.') + 1);
  if (action === 'destroy') return 'delete';
  if (action === 'converge') return state === 'creating' ? 'create' : 'update';
  return action;
}

/** What a name asks to fail: `web-fail-create` fails its create; `-fail-start` also fails a VM's restart. */
export function magicFailure(name: string, operation: string): boolean {
  const m = /-fail-([a-z]+)$/.exec(name);
  if (!m) return false;
  return m[1] === operation || (m[1] === 'start' && operation === 'restart');
}

/** The reason a failure says unless its rule gives one: what a real cloud would say. */
export function defaultReason(
  kind: FaultKind,
  operation: string,
  resource: { location?: string; size?: string },
): string {
  const where = resource.location ? ` in ${resource.location}` : '';
  const reasons: Record<string, string> = {
    'vm create': `Insufficient capacity: no host${where} can place a ${resource.size ?? 'VM of this size'} right now. Try again later, or another location or size.`,
    'vm delete': "The VM's disk could not be released: the storage backend did not answer in time.",
    'vm start': 'The VM did not boot: the hypervisor reported a failure while starting it.',
    'vm restart':
      'The VM did not come back after the restart: the hypervisor reported a failure while booting it.',
    'vm stop': 'The VM did not stop: the guest did not shut down and could not be powered off.',
    'postgres create': `The database server could not be provisioned: no capacity${where} for its size right now.`,
    'postgres restart':
      'The database did not come back after the restart: it did not accept connections in time.',
    'postgres delete':
      "The database's servers could not be released: the storage backend did not answer in time.",
    'kubernetes create':
      'The control plane did not become ready: etcd did not reach quorum in time.',
    'kubernetes delete':
      "The cluster's nodes could not be released: the hypervisor did not answer in time.",
    'load_balancer create': `The load balancer's address could not be allocated: no public IPv4 address is free${where}.`,
  };
  return reasons[`${kind} ${operation}`] ?? `The ${operation} failed in the data plane.`;
}

interface Resource {
  project_id: string;
  name: string;
  state: string;
  location?: string;
  size?: string;
}

export function testModeHooks(db: Db): StepHooks {
  return {
    async beforeStep(job: JobRow) {
      const kind = failingKindOf(job.resource_id);
      const resource = await resourceOf(db, job.resource_id);
      if (!resource) return undefined;
      const [hold, settings] = await Promise.all([
        db
          .selectFrom('test_hold')
          .select('target')
          .where('project_id', '=', resource.project_id)
          .where('target', 'in', ['*', job.resource_id, resource.name])
          .executeTakeFirst(),
        db
          .selectFrom('test_project')
          .select('delay_ms')
          .where('project_id', '=', resource.project_id)
          .executeTakeFirst(),
      ]);
      if (hold) return { hold: true };
      // A failure strikes the operation's first step, before the data plane is asked.
      // Only where a failure marks the resource `failed` (every job of the four kinds does).
      if (
        kind &&
        job.step === 'start' &&
        jobDefinition(job.kind)?.failed &&
        !(await beingEmptied(db, resource.project_id))
      ) {
        const faultKind = FAULT_KIND_OF_TABLE[kind.table]!;
        const operation = operationOf(job.kind, resource.state);
        if (magicFailure(resource.name, operation))
          throw new FinalFailure(defaultReason(faultKind, operation, resource));
        const rule = await takeFault(db, resource.project_id, faultKind, operation);
        if (rule)
          throw new FinalFailure(rule.reason || defaultReason(faultKind, operation, resource));
      }
      return settings?.delay_ms == null ? undefined : { delayMs: Number(settings.delay_ms) };
    },
  };
}

/** The project, name and state of the job's resource, whatever its kind (null for jobs of no kind in a location: webhooks). */
async function resourceOf(db: Db, id: string): Promise<Resource | undefined> {
  const kind = failingKindOf(id);
  if (kind) {
    const { rows } =
      await sql<Resource>`select * , ${sql.ref(kind.stateColumn)} as state from ${sql.table(kind.table)} where id = ${id}`.execute(
        db,
      );
    return rows[0];
  }
  // Other jobs (a subnet's, a webhook's) follow their project's holds and delay too.
  const table = id.startsWith(ID_PREFIXES.privateSubnet)
    ? 'private_subnet'
    : id.startsWith(ID_PREFIXES.webhookDelivery)
      ? 'webhook_delivery'
      : undefined;
  if (!table) return undefined;
  const name = table === 'private_subnet' ? sql.ref('name') : sql.ref('id');
  const { rows } =
    await sql<Resource>`select project_id, ${name} as name, '' as state from ${sql.table(table)} where id = ${id}`.execute(
      db,
    );
  return rows[0];
}

/** The first matching fault rule that fires, its count used up by one (removed at zero). */
async function takeFault(
  db: Db,
  projectId: string,
  kind: FaultKind,
  operation: string,
): Promise<{ reason: string } | undefined> {
  const rules = await db
    .selectFrom('test_fault')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('kind', '=', kind)
    .where('operation', '=', operation)
    .orderBy('id')
    .execute();
  for (const rule of rules) {
    if (rule.probability !== null && Math.random() >= Number(rule.probability)) continue;
    if (rule.remaining !== null) {
      // Taken atomically: two steps at once cannot both use the last count.
      const used = await db
        .updateTable('test_fault')
        .set({ remaining: sql`remaining - 1` })
        .where('id', '=', rule.id)
        .where('remaining', '>', 0)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) continue;
      await db
        .deleteFrom('test_fault')
        .where('id', '=', rule.id)
        .where('remaining', '<=', 0)
        .execute();
    }
    return { reason: rule.reason };
  }
  return undefined;
}
