// The test-mode routes (shared/api/test-mode.ts, docs/testing.md), mounted only with
// TEST_MODE=1, so that otherwise each answers the 404 of an unknown route. The project's are
// for its admins (the route table says so); the instance's take TEST_MODE_TOKEN.
import { checkSpendAlerts } from '../usage/spend-alert.ts';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { sql } from 'kysely';
import { TEST_MODE_TOKEN_HEADER, type TestFault } from '#shared/api/test-mode';
import type { OutboxMail } from '#shared/api/mail';
import { newId } from '#shared/ids';
import { parseReference } from '#shared/names';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError, invalidRequest, notFound } from '../errors.ts';
import type { Handlers } from '../http/handlers.ts';
import { createAccount } from '../resources/auth/account.store.ts';
import { passwordProblem } from '../resources/auth/password-policy.ts';
import { apiModule } from '../resources/kind.ts';
import { ageRows, ageStoredTimes } from './clock.ts';
import { defaultReason } from './hooks.ts';
import { startProjectDestroy } from '../resources/project/empty-project.ts';
import { inJobTransaction } from '../resources/common.ts';

/** While a reset waits for the projects to go, it looks this often. */
const RESET_POLL_MS = 50;

type ProjectOps =
  | 'getTestSettings'
  | 'setTestDiskUsage'
  | 'updateTestSettings'
  | 'listTestFaults'
  | 'addTestFault'
  | 'removeTestFault'
  | 'listTestHolds'
  | 'holdTestTransitions'
  | 'releaseTestTransitions'
  | 'advanceTestClock'
  | 'listProjectTestOutbox';
type InstanceOps =
  | 'listTestOutbox'
  | 'clearTestOutbox'
  | 'advanceTestClockInstance'
  | 'addTestAccount'
  | 'resetTestInstance'
  | 'deleteTestAccount';

export const testMode = apiModule({ handlers: testModeHandlers });

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The instance-level routes: the Test-Mode-Token header must be TEST_MODE_TOKEN (compared in constant time). */
function checkToken(ctx: AppContext, req: Request): void {
  const sent = req.get(TEST_MODE_TOKEN_HEADER);
  if (!sent)
    throw new ApiError(
      'NotAuthenticated',
      `Send TEST_MODE_TOKEN in the ${TEST_MODE_TOKEN_HEADER} header.`,
    );
  if (!timingSafeEqual(digest(sent), digest(ctx.config.testMode!.token)))
    throw new ApiError(
      'InvalidToken',
      `The ${TEST_MODE_TOKEN_HEADER} header is not this instance's TEST_MODE_TOKEN.`,
    );
}

function faultOf(r: {
  id: string;
  kind: string;
  operation: string;
  reason: string;
  remaining: number | null;
  probability: number | null;
  created_at: string;
}): TestFault {
  return {
    id: r.id,
    kind: r.kind as TestFault['kind'],
    operation: r.operation as TestFault['operation'],
    reason: r.reason,
    count: r.remaining === null ? null : Number(r.remaining),
    probability: r.probability === null ? null : Number(r.probability),
    created_at: r.created_at,
  };
}

const holds = async (db: Db, projectId: string) => ({
  items: await db
    .selectFrom('test_hold')
    .select(['target', 'created_at'])
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('target')
    .execute(),
});

/** The pending jobs of a project's resources (every kind whose jobs a project owns). */
function projectResourceIds(projectId: string) {
  const tables = [
    'vm',
    'postgres',
    'kubernetes_cluster',
    'load_balancer',
    'private_subnet',
    'webhook_delivery',
  ];
  return sql.join(
    tables.map((t) => sql`select id from ${sql.table(t)} where project_id = ${projectId}`),
    sql` union `,
  );
}

/**
 * Makes waiting job steps due now: all of them, or those due within `seconds`; held ones stay
 * held. With `seconds`, the later ones and every other stored time move that much closer
 * (clock.ts).
 */
async function advance(
  ctx: AppContext,
  projectId: string | undefined,
  seconds: number | undefined,
): Promise<{ jobs_due: number }> {
  const now = Date.now();
  const iso = new Date(now).toISOString();
  const within = seconds === undefined ? undefined : new Date(now + seconds * 1000).toISOString();
  const scope =
    projectId === undefined ? sql`` : sql`and resource_id in (${projectResourceIds(projectId)})`;
  const until = within === undefined ? sql`` : sql`and run_at <= ${within}`;
  // A held step is looked at again later by the worker; leave it (its hold decides).
  const held = sql`and not exists (select 1 from test_hold h where h.target in ('*', job.resource_id))`;
  // First the stored times, so that a step run now sees them moved (a webhook retry, its window).
  if (seconds) await ageStoredTimes(ctx.db, projectId, seconds);
  const result =
    await sql`update job set run_at = ${iso} where state = 'pending' and run_at > ${iso} ${until} ${scope} ${projectId === undefined ? sql`` : held}`.execute(
      ctx.db,
    );
  if (seconds) {
    // What waits longer than `seconds` waits that much less.
    await ageRows(
      ctx.db,
      { table: 'job', key: 'id', columns: ['run_at'] },
      sql`state = 'pending' and run_at > ${within} ${scope} ${projectId === undefined ? sql`` : held}`,
      seconds,
    );
  }
  // Older spans bill more: a spend alert may be crossed now.
  if (seconds) await checkSpendAlerts(ctx.db);
  ctx.wakeWorker();
  return { jobs_due: Number(result.numAffectedRows ?? 0) };
}

const mailOf = (r: {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}): OutboxMail => ({
  id: r.id,
  to: r.to_address,
  subject: r.subject,
  text: r.text,
  html: r.html,
  created_at: r.created_at,
});

const POLL_MS = 100;

/** The outbox's mails (a project's, or all), newest first; with `wait`, waits that many seconds for one to match. */
async function outbox(
  ctx: AppContext,
  res: Response,
  q: { to?: string; since?: string; wait?: number },
  projectId?: string,
) {
  const read = () => {
    let query = ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(100);
    if (projectId !== undefined) query = query.where('project_id', '=', projectId);
    if (q.to) query = query.where('to_address', '=', q.to.trim().toLowerCase());
    if (q.since) query = query.where('created_at', '>', new Date(q.since).toISOString());
    return query.execute();
  };
  const deadline = Date.now() + (q.wait ?? 0) * 1000;
  let gone = false;
  // A client that hung up is not waited for.
  res.once('close', () => (gone = true));
  for (;;) {
    const rows = await read();
    if (rows.length || Date.now() >= deadline || gone) return { items: rows.map(mailOf) };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function testModeHandlers(ctx: AppContext): Handlers<ProjectOps | InstanceOps> {
  const { db } = ctx;
  return {
    async getTestSettings({ project }) {
      const row = await db
        .selectFrom('test_project')
        .select('delay_ms')
        .where('project_id', '=', project.id)
        .executeTakeFirst();
      return { delay_ms: row?.delay_ms == null ? null : Number(row.delay_ms) };
    },
    async updateTestSettings({ project, body }) {
      await db.deleteFrom('test_project').where('project_id', '=', project.id).execute();
      await db
        .insertInto('test_project')
        .values({ project_id: project.id, delay_ms: body.delay_ms })
        .execute();
      return { delay_ms: body.delay_ms };
    },

    async setTestDiskUsage({ project, params, body }) {
      const ref = parseReference('postgres', params.postgres_database_reference);
      const found = await db
        .selectFrom('postgres')
        .select('id')
        .where('project_id', '=', project.id)
        .where('id' in ref ? 'id' : 'name', '=', 'id' in ref ? ref.id : ref.name)
        .execute();
      if (!found.length) throw notFound();
      if (found.length > 1)
        throw invalidRequest({
          postgres_database_reference:
            'Databases of this name are in several locations: give the ID.',
        });
      const postgresId = found[0]!.id;
      // Kept to a hundredth: PostgreSQL's `real` cannot hold a tiny value such as 5e-324.
      const usage = body.disk_usage_percent;
      const percent = usage === null ? null : Math.round(usage * 100) / 100;
      await db.deleteFrom('test_disk_usage').where('postgres_id', '=', postgresId).execute();
      await db.insertInto('test_disk_usage').values({ postgres_id: postgresId, percent }).execute();
      return { postgres_id: postgresId, disk_usage_percent: percent };
    },

    async listTestFaults({ project }) {
      const rows = await db
        .selectFrom('test_fault')
        .selectAll()
        .where('project_id', '=', project.id)
        .orderBy('id')
        .execute();
      return { items: rows.map(faultOf) };
    },
    async addTestFault({ project, body }) {
      if (body.count !== undefined && body.probability !== undefined)
        throw invalidRequest({ probability: 'Give count or probability, not both.' });
      const row = {
        id: newId('testFault'),
        project_id: project.id,
        kind: body.kind,
        operation: body.operation,
        reason: body.reason ?? defaultReason(body.kind, body.operation, {}),
        remaining: body.count ?? null,
        probability: body.probability ?? null,
        created_at: new Date().toISOString(),
      };
      await db.insertInto('test_fault').values(row).execute();
      return faultOf(row);
    },
    async removeTestFault({ project, params }) {
      // A rule gone already (used up, or removed) answers the same: deletes are idempotent.
      await db
        .deleteFrom('test_fault')
        .where('project_id', '=', project.id)
        .where('id', '=', params.fault_id)
        .execute();
    },

    async listTestHolds({ project }) {
      return holds(db, project.id);
    },
    async holdTestTransitions({ project, body }) {
      const target = body.resource_id ?? body.name ?? '*';
      // An ID must name a resource of the project; another project's is not found either.
      if (body.resource_id !== undefined) {
        const { rows } =
          await sql`select 1 from (${projectResourceIds(project.id)}) as r where r.id = ${body.resource_id}`.execute(
            db,
          );
        if (!rows.length) throw notFound('No resource with this ID in the project.');
      }
      // Held already: holding again changes nothing (no failing insert: on PostgreSQL it would end the request's transaction).
      await db
        .insertInto('test_hold')
        .values({ project_id: project.id, target, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['project_id', 'target']).doNothing())
        .execute();
      return holds(db, project.id);
    },
    async releaseTestTransitions({ project, body }) {
      const target = body.resource_id ?? body.name;
      await db
        .deleteFrom('test_hold')
        .where('project_id', '=', project.id)
        .$if(target !== undefined, (q) => q.where('target', '=', target!))
        .execute();
      // What was held runs now (what is still held by another hold is held again by the worker).
      // Due jobs get a new `run_at` too: it tells a worker holding one right now that the hold
      // it saw is gone (worker.ts).
      await sql`update job set run_at = ${new Date().toISOString()} where state = 'pending' and resource_id in (${projectResourceIds(project.id)})`.execute(
        db,
      );
      ctx.wakeWorker();
      return holds(db, project.id);
    },

    async advanceTestClock({ project, body }) {
      return advance(ctx, project.id, body.seconds);
    },
    async advanceTestClockInstance({ req, body }) {
      checkToken(ctx, req);
      return advance(ctx, undefined, body.seconds);
    },

    async listProjectTestOutbox({ project, query, res }) {
      return outbox(ctx, res, query, project.id);
    },
    async listTestOutbox({ query, req, res }) {
      checkToken(ctx, req);
      return outbox(ctx, res, query);
    },
    async clearTestOutbox({ query, req }) {
      checkToken(ctx, req);
      await db
        .deleteFrom('mail_outbox')
        .$if(query.to !== undefined, (q) =>
          q.where('to_address', '=', query.to!.trim().toLowerCase()),
        )
        .execute();
    },

    async addTestAccount({ body, req }) {
      checkToken(ctx, req);
      const problem = passwordProblem(body.password, body.email);
      if (problem) throw invalidRequest({ password: problem });
      const projects = [...new Set(body.memberships.map((m) => m.project_id))];
      if (projects.length !== body.memberships.length)
        throw invalidRequest({ memberships: 'Each project may appear once.' });
      if (projects.length) {
        const known = await db
          .selectFrom('project')
          .select('id')
          .where('id', 'in', projects)
          .execute();
        const missing = projects.find((p) => !known.some((k) => k.id === p));
        if (missing) throw invalidRequest({ memberships: `No project ${missing}.` });
      }
      let account: { id: string; email: string };
      try {
        account = await createAccount(db, body.email.toLowerCase(), body.password, {
          verified: true,
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new ApiError('Conflict', 'An account with this e-mail address exists already.', {
            email: 'An account with this e-mail address exists already.',
          });
        throw err;
      }
      const now = new Date().toISOString();
      await db
        .insertInto('test_account')
        .values({ account_id: account.id, created_at: now })
        .execute();
      for (const m of body.memberships)
        await db
          .insertInto('project_member')
          .values({
            project_id: m.project_id,
            account_id: account.id,
            role: m.role,
            created_at: now,
          })
          .execute();
      return { ...account, memberships: body.memberships };
    },
    async resetTestInstance({ req }) {
      checkToken(ctx, req);
      // Holds would keep the deletes waiting; fault rules and magic names spare a project
      // being emptied (hooks.ts).
      await db.deleteFrom('test_hold').execute();
      await db.deleteFrom('test_fault').execute();
      const projects = await db.selectFrom('project').select('id').execute();
      await inJobTransaction(ctx, async (tx) => {
        for (const { id } of projects) await startProjectDestroy(tx, id);
      });
      const deadline = Date.now() + ctx.config.projectDeleteWaitMs;
      const anyLeft = async () =>
        !!(await db.selectFrom('project').select('id').executeTakeFirst());
      while ((await anyLeft()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, RESET_POLL_MS));
      const complete = !(await anyLeft());
      // Sessions, tokens, memberships and verifications go with their accounts.
      const accounts = await db.deleteFrom('account').executeTakeFirst();
      await db.deleteFrom('mail_outbox').execute();
      return {
        projects: projects.length,
        accounts: Number(accounts.numDeletedRows),
        complete,
      };
    },
    async deleteTestAccount({ params, req }) {
      checkToken(ctx, req);
      const account = await db
        .selectFrom('account')
        .select('id')
        .where('id', '=', params.account_id)
        .executeTakeFirst();
      // Deleted already: deletes are idempotent.
      if (!account) return;
      // A project must keep an admin while it has other members.
      const sole = await sql<{
        project_id: string;
      }>`select m.project_id from project_member m where m.account_id = ${account.id} and m.role = 'admin'
        and not exists (select 1 from project_member o where o.project_id = m.project_id and o.account_id <> ${account.id} and o.role = 'admin')
        and exists (select 1 from project_member o where o.project_id = m.project_id and o.account_id <> ${account.id})`.execute(
        db,
      );
      if (sole.rows.length)
        throw new ApiError(
          'Conflict',
          `The account is the only admin of project ${sole.rows[0]!.project_id}, which has other members: make another admin first.`,
        );
      await db.deleteFrom('account').where('id', '=', account.id).execute();
    },
  };
}

/** Whether throttles spare this account (test mode only): accounts made by `POST /api/_test/account`. */
export async function isTestAccount(ctx: AppContext, email: string): Promise<boolean> {
  if (!ctx.config.testMode) return false;
  const row = await ctx.db
    .selectFrom('test_account')
    .innerJoin('account', 'account.id', 'test_account.account_id')
    .select('account.id')
    .where('account.email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a request carries this instance's test-mode token (test mode only): sign-ups made by a test runner. */
export function hasTestToken(ctx: AppContext, req: Request): boolean {
  const sent = req.get(TEST_MODE_TOKEN_HEADER);
  return (
    !!ctx.config.testMode &&
    !!sent &&
    timingSafeEqual(digest(sent), digest(ctx.config.testMode.token))
  );
}
