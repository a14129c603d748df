// Emptying a project (a forced project delete, issue 29): every object of every kind goes
// through its kind's own delete (the one its DELETE route runs, so each starts the same
// durable job and writes the same events), in the order of `kinds`. A delete that refuses for
// now (409: a subnet whose cluster nodes are not yet deleting, a database whose replicas are
// not yet going) is tried again on the next pass; the project's own job makes passes until
// nothing is left, then deletes the project.
import { kinds } from '#shared/routes';
import type { Db, Queryable } from '../../db/database.ts';
import { forUpdate } from '../../db/locks.ts';
import { enqueueJob } from '../../lifecycle/jobs.ts';
import { transactionWithRetry, type Tx } from '../../db/transaction.ts';
import { ApiError } from '../../errors.ts';
import { deleteFirewall } from '../firewall/firewall.store.ts';
import { deleteCluster } from '../kubernetes/kubernetes.service.ts';
import { deleteLoadBalancer } from '../load-balancer/load-balancer.service.ts';
import { deletePostgres } from '../postgres/postgres.service.ts';
import { deleteSubnet } from '../private-subnet/private-subnet.store.ts';
import type { ScopedRow, ScopedTable } from '../scoped.ts';
import { deleteVm } from '../vm/vm.service.ts';
import { deleteProject } from './project.store.ts';

/** Each kind's delete (its `remove` in commonHandlers); a kind added to `kinds` does not compile until it is here. */
const REMOVE: { [T in ScopedTable]: (tx: Tx, row: ScopedRow<T>) => Promise<void> } = {
  kubernetes_cluster: deleteCluster,
  load_balancer: deleteLoadBalancer,
  postgres: deletePostgres,
  vm: deleteVm,
  private_subnet: deleteSubnet,
  firewall: deleteFirewall,
};

/** Whether an object is already on its way out (its delete would do nothing). */
const going = (row: { state?: unknown; display_state?: unknown }) =>
  (row.state ?? row.display_state) === 'deleting';

/**
 * One pass: starts the delete of every object of the project that is not yet going, each in
 * its own transaction (a savepoint inside a request). Objects serving another (a database's
 * servers, a cluster's nodes) go with the object they serve, as with the ordinary deletes.
 */
export async function startEmptying(db: Db, projectId: string): Promise<void> {
  for (const kind of kinds) {
    const table = kind.table as ScopedTable;
    // Kysely cannot type a table chosen at run time; every kind's table has these columns.
    let q = db
      .selectFrom(table as 'vm')
      .selectAll()
      .where('project_id', '=', projectId);
    if (kind.serviceOf) q = q.where(kind.serviceOf as 'service_of', 'is', null);
    const remove = REMOVE[table] as (tx: Tx, row: ScopedRow<ScopedTable>) => Promise<void>;
    for (const row of await q.orderBy('id').execute()) {
      if (going(row)) continue;
      try {
        await transactionWithRetry(db, (tx) =>
          remove(tx, row as unknown as ScopedRow<ScopedTable>),
        );
      } catch (err) {
        // Refused for now (what it depends on is still there): the next pass tries again.
        if (!(err instanceof ApiError && err.type === 'Conflict')) throw err;
      }
    }
  }
}

/** The objects the project still holds, those serving others included: none, and it may go. */
export async function heldObjects(db: Queryable, projectId: string): Promise<number> {
  let n = 0;
  for (const { table } of kinds) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    n += Number(row.n);
  }
  return n;
}

/**
 * Deletes the project if it holds nothing, its row locked (a create inside it waits for the
 * lock, then finds it gone): whether it is gone.
 */
export async function deleteIfEmpty(db: Db, projectId: string): Promise<boolean> {
  return transactionWithRetry(db, async (tx) => {
    const project = await forUpdate(
      tx,
      tx.selectFrom('project').select('id').where('id', '=', projectId),
    ).executeTakeFirst();
    if (!project) return true;
    if (await heldObjects(tx, projectId)) return false;
    await deleteProject(tx, projectId);
    return true;
  });
}

/** Whether a forced delete (or a test reset) is emptying the project: its job is pending. */
export async function beingEmptied(db: Queryable, projectId: string): Promise<boolean> {
  return !!(await db
    .selectFrom('job')
    .select('id')
    .where('kind', '=', 'project.destroy')
    .where('resource_id', '=', projectId)
    .where('state', '=', 'pending')
    .executeTakeFirst());
}

/** Starts emptying the project unless that has started: one pending job per project. */
export async function startProjectDestroy(tx: Tx, projectId: string): Promise<void> {
  if (!(await beingEmptied(tx, projectId))) await enqueueJob(tx, 'project.destroy', projectId);
}
