import { newId } from '#shared/ids';
import type { Page } from '#shared/pagination';
import { kinds } from '#shared/routes';
import type { Db, Queryable } from '../../db/database.ts';
import { forUpdate } from '../../db/locks.ts';
import { invalidRequest, notFound } from '../../errors.ts';
import { pageOfQuery } from '../../db/paging.ts';
import { runShape } from '../../db/prepared.ts';
import { cachedRead } from '../../db/read-cache.ts';

const columns = ['project.id', 'project.name', 'project.credit', 'project.discount'] as const;

/**
 * A new project owned by the account, unless it holds `quota` projects already (400). The
 * account's row is locked while counting: concurrent creates count one after another.
 */
export async function createProject(db: Db, accountId: string, name: string, quota = Infinity) {
  const now = new Date().toISOString();
  const project = { id: newId('project'), name, credit: 0, discount: 0 };
  await db.transaction().execute(async (tx) => {
    await forUpdate(
      tx,
      tx.selectFrom('account').select('id').where('id', '=', accountId),
    ).execute();
    if ((await countProjects(tx, accountId)) >= quota) {
      const message = `You have reached your limit of ${quota} projects. Delete a project first.`;
      throw invalidRequest({ projects: message }, message);
    }
    await tx
      .insertInto('project')
      .values({ ...project, created_at: now })
      .execute();
    await tx
      .insertInto('project_member')
      .values({ project_id: project.id, account_id: accountId, role: 'admin', created_at: now })
      .execute();
  });
  return project;
}

function memberships(db: Queryable, accountId: string) {
  return db.selectFrom('project_member').where('project_member.account_id', '=', accountId);
}

export async function countProjects(db: Queryable, accountId: string): Promise<number> {
  const [row] = await runShape(db, 'project count', [accountId], (v) =>
    memberships(db, v(0)).select((eb) => eb.fn.countAll<number>().as('count')),
  );
  return Number(row!.count);
}

/**
 * A page of the account's projects. Its count is the account's memberships, read through the
 * membership cache (decision 111, decision 245): a count that grows with the projects is read
 * at most once a second per account, and at once after this process changes a membership.
 */
export async function listProjects(db: Db, accountId: string, page: Page) {
  const { rows, count } = await pageOfQuery(
    db,
    'projects',
    [accountId],
    page,
    { id: 'project_member.project_id', name: 'project.name' },
    (v) => ({
      rows: memberships(db, v(0))
        .innerJoin('project', 'project.id', 'project_member.project_id')
        .select(columns),
      count: memberships(db, v(0)).select((eb) => eb.fn.countAll<number>().as('n')),
    }),
    { counted: (load) => cachedRead(db, 'project count', accountId, load) },
  );
  return { count, items: rows.map(projectView) };
}

const projectView = (p: { id: string; name: string; credit: number; discount: number }) => ({
  ...p,
  credit: Number(p.credit),
  discount: Number(p.discount),
});

/** The list as a personal access token sees it: its own project only (decision 180). */
export async function listTokenProject(db: Db, projectId: string, page: Page) {
  const { rows } = await pageOfQuery(
    db,
    'token project',
    [projectId],
    page,
    { id: 'project.id', name: 'project.name' },
    (v) => {
      const own = db.selectFrom('project').where('project.id', '=', v(0));
      return {
        rows: own.select(columns),
        count: own.select((eb) => eb.fn.countAll<number>().as('n')),
      };
    },
  );
  return { count: 1, items: rows.map(projectView) };
}

/**
 * The project when the account is a member; otherwise the same 404 as for a project that
 * does not exist (never reveal that it exists).
 */
export async function memberProject(db: Db, accountId: string, projectId: string) {
  const project = await db
    .selectFrom('project')
    .innerJoin('project_member', 'project_member.project_id', 'project.id')
    .select([...columns, 'project_member.role'])
    .where('project.id', '=', projectId)
    .where('project_member.account_id', '=', accountId)
    .executeTakeFirst();
  if (!project) throw notFound();
  return project;
}

export async function deleteProject(db: Queryable, projectId: string) {
  await db.deleteFrom('project').where('id', '=', projectId).execute();
}

/**
 * What the project still holds as its lists show it, e.g. ["1 PostgreSQL database", "1 private
 * subnet"]; empty when nothing. Objects serving another (a database's servers, a cluster's
 * nodes) are in no list and go with what they serve: not counted.
 */
export async function projectResources(db: Queryable, projectId: string): Promise<string[]> {
  const out: string[] = [];
  for (const { table, singular, plural, serviceOf } of kinds) {
    let q = db
      .selectFrom(table as 'vm')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId);
    if (serviceOf) q = q.where(serviceOf as 'service_of', 'is', null);
    const row = await q.executeTakeFirstOrThrow();
    const n = Number(row.n);
    if (n) out.push(`${n} ${n === 1 ? singular : plural}`);
  }
  return out;
}
