// Spend alerts (issue 30): a project's threshold on the month's total. One job for the whole
// database looks at the alerts not yet crossed this month, every minute while there are any
// (and at once when an alert is set or the test clock moves); the first look that finds the
// total at or over the threshold claims the crossing with a conditional update, whose trigger
// writes the `spendAlert.state_changed` event (state `crossed`), and then mails the admins. The
// claim is per month and per threshold, so however many workers look, each crossing is mailed
// and evented once.
import type { SpendAlert } from '#shared/api/usage';
import { monthRange, summarize, type UsageSpan } from '#shared/usage';
import type { AppContext } from '../context.ts';
import type { Db, Queryable } from '../db/database.ts';
import { defineJobs, jobRow, type KindsOf } from '../lifecycle/jobs.ts';
import { composeMail } from '../mail/templates.ts';

/** The alerts' job: one row, made (or made due) when an alert is set and when the test clock moves. */
export const SPEND_ALERT_JOB_ID = 'jb00000000000000000000spa1';
/** How often the job looks while an alert may still be crossed this month. */
const CHECK_EVERY_MS = 60_000;

/** What the job needs of the server (its mailer and public address), per database. */
const alertEnv = new WeakMap<object, AppContext>();
export function registerSpendAlerts(ctx: AppContext): void {
  alertEnv.set(ctx.db, ctx);
}

/** The UTC month (`YYYY-MM`) of a time. */
export const monthOf = (at: number) => new Date(at).toISOString().slice(0, 7);

/** A project's usage of a month (`GET P/usage`'s answer). */
export async function monthUsage(
  db: Queryable,
  project: { id: string; credit: number; discount: number },
  month: string,
  now = Date.now(),
) {
  const range = monthRange(month)!;
  const spans = (await db
    .selectFrom('usage_span')
    .select(['resource_id', 'kind', 'name', 'hourly_usd', 'started_at', 'ended_at'])
    .where('project_id', '=', project.id)
    .where('started_at', '<', new Date(range.end).toISOString())
    .where((w) =>
      w.or([w('ended_at', 'is', null), w('ended_at', '>', new Date(range.start).toISOString())]),
    )
    .orderBy('started_at')
    .execute()) as UsageSpan[];
  return { month, ...summarize(spans, range, now, project) };
}

export function spendAlertView(
  row: { threshold_usd: number; alerted_month: string | null } | undefined,
): SpendAlert {
  return {
    threshold_usd: row ? Number(row.threshold_usd) : null,
    alerted_month: row?.alerted_month ?? null,
  };
}

/** Makes the alerts' job due now (creating it the first time), in the caller's transaction when given. */
export async function wakeSpendAlerts(db: Queryable): Promise<void> {
  const row = jobRow('usage.alerts', 'spend-alerts', SPEND_ALERT_JOB_ID);
  await db
    .insertInto('job')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        state: 'pending',
        step: 'start',
        run_at: row.run_at,
        attempts: 0,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/**
 * Sets the project's threshold. A new threshold is armed again (it may be crossed and mailed
 * this month even if the one before was); the same one keeps its month.
 */
export async function setSpendAlert(db: Queryable, projectId: string, thresholdUsd: number) {
  await db
    .insertInto('spend_alert')
    .values({
      project_id: projectId,
      threshold_usd: thresholdUsd,
      state: 'armed',
      alerted_month: null,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) =>
      oc
        .column('project_id')
        .doUpdateSet({ threshold_usd: thresholdUsd, state: 'armed', alerted_month: null })
        .where('spend_alert.threshold_usd', '!=', thresholdUsd),
    )
    .execute();
}

export function spendAlertMail(
  project: { id: string; name: string },
  alert: { threshold: number; total: number; month: string },
  publicUrl: string,
) {
  const usd = (n: number) => `$${n.toFixed(2)}`;
  return composeMail(
    `Spend alert: ${project.name} passed ${usd(alert.threshold)} this month`,
    [
      `The spend of project ${project.name} for ${alert.month} is ${usd(alert.total)}, over the alert threshold of ${usd(alert.threshold)}.`,
      'This is the only mail for this threshold this month. Change or clear the threshold on the Usage page.',
    ],
    [{ label: 'Open the Usage page', url: `${publicUrl}/projects/${project.id}/usage` }],
    'You get this mail as an admin of the project.',
  );
}

/** One look at every alert not yet crossed this month; answers whether any alert is set. */
export async function checkSpendAlerts(db: Db, now = Date.now()): Promise<boolean> {
  const month = monthOf(now);
  // A new month arms the alerts crossed in an earlier one.
  await db
    .updateTable('spend_alert')
    .set({ state: 'armed' })
    .where('state', '=', 'crossed')
    .where('alerted_month', '!=', month)
    .execute();
  const alerts = await db
    .selectFrom('spend_alert as a')
    .innerJoin('project as p', 'p.id', 'a.project_id')
    .select(['p.id', 'p.name', 'p.credit', 'p.discount', 'a.threshold_usd', 'a.alerted_month'])
    .execute();
  for (const a of alerts) {
    if (a.alerted_month === month) continue;
    const { total_usd } = await monthUsage(db, a, month, now);
    const threshold = Number(a.threshold_usd);
    if (total_usd < threshold) continue;
    const claimed = await db
      .updateTable('spend_alert')
      .set({ state: 'crossed', alerted_month: month })
      .where('project_id', '=', a.id)
      .where('threshold_usd', '=', threshold)
      .where((w) => w.or([w('alerted_month', 'is', null), w('alerted_month', '!=', month)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    await mailAdmins(db, a, { threshold, total: total_usd, month });
  }
  return alerts.length > 0;
}

async function mailAdmins(
  db: Db,
  project: { id: string; name: string },
  alert: { threshold: number; total: number; month: string },
) {
  const ctx = alertEnv.get(db);
  if (!ctx) throw new Error('spend alerts are not registered for this database');
  const admins = await db
    .selectFrom('project_member as m')
    .innerJoin('account as a', 'a.id', 'm.account_id')
    .select('a.email')
    .where('m.project_id', '=', project.id)
    .where('m.role', '=', 'admin')
    .orderBy('a.email')
    .execute();
  const content = spendAlertMail(project, alert, ctx.publicUrl);
  for (const { email } of admins)
    await ctx.mailer.send({ ...content, to: email, projectId: project.id });
}

export const spendAlertJobs = defineJobs({
  'usage.alerts': {
    steps: {
      async start(env) {
        const any = await checkSpendAlerts(env.db);
        return any ? { next: { step: 'start', delayMs: CHECK_EVERY_MS } } : {};
      },
    },
  },
});

declare module '../lifecycle/jobs.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the definitions
  interface JobKinds extends KindsOf<typeof spendAlertJobs> {}
}
