// GET P/usage (issue 30): a month's usage, per resource and per kind, priced from the catalog
// per started hour, with the project's discount (percent) and credit applied; and the project's
// spend alert (P/spend-alert): a threshold whose crossing is mailed to the admins and evented.
import { z } from 'zod';
import { current, inProject, route, type RouteList } from '../route-helpers.ts';

export const usageQuerySchema = z.object({
  /** The month, UTC; the current one when absent. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month as YYYY-MM, e.g. 2026-11.')
    .optional(),
});

const money = z.number();

export const usageSchema = z
  .strictObject({
    month: z.string(),
    resources: z.array(
      z.strictObject({
        resource_id: z.string(),
        kind: z.string(),
        name: z.string(),
        hours: z.number().int(),
        amount_usd: money,
        /** The price it is billed at now; null when it is not billed now. */
        hourly_usd: money.nullable(),
      }),
    ),
    kinds: z.array(z.strictObject({ kind: z.string(), amount_usd: money })),
    /** The amount billed per day (UTC), days with none left out. */
    days: z.array(z.strictObject({ date: z.string(), amount_usd: money })),
    subtotal_usd: money,
    discount_usd: money,
    credit_usd: money,
    total_usd: money,
    /** What the month comes to if what is billed now stays billed until its end (after discount and credit). */
    forecast_usd: money,
  })
  .meta({ id: 'Usage' });
export type Usage = z.infer<typeof usageSchema>;

/** The largest threshold a spend alert takes (USD a month). */
export const SPEND_ALERT_MAX_USD = 1_000_000;
export const SPEND_ALERT_MESSAGE = `threshold_usd must be a number of dollars above 0 and at most ${SPEND_ALERT_MAX_USD.toLocaleString('en-US')}, e.g. 50.`;

/** A threshold in dollars a month. */
const spendThresholdSchema = z
  .number({ error: SPEND_ALERT_MESSAGE })
  .gt(0, SPEND_ALERT_MESSAGE)
  .max(SPEND_ALERT_MAX_USD, SPEND_ALERT_MESSAGE);

export const spendAlertBodySchema = z
  .strictObject({ threshold_usd: spendThresholdSchema })
  .meta({ id: 'SpendAlertBody' });

export const spendAlertSchema = z
  .strictObject({
    /** Null while no alert is set. */
    threshold_usd: money.nullable(),
    /** The month (`YYYY-MM`) the threshold was last crossed and mailed, or null. */
    alerted_month: z.string().nullable(),
  })
  .meta({ id: 'SpendAlert' });
export type SpendAlert = z.infer<typeof spendAlertSchema>;

const spendAlertPath = '/project/{project_id}/spend-alert';

export const usageRoutes = {
  getUsage: route({
    ...current,
    tag: 'Project',
    method: 'get',
    path: '/project/{project_id}/usage',
    summary: "A month's usage and spend, per resource and per kind",
    params: inProject,
    query: usageQuerySchema,
    response: usageSchema,
  }),
  getSpendAlert: route({
    ...current,
    tag: 'Project',
    method: 'get',
    path: spendAlertPath,
    summary: "The project's spend alert (admins only); `threshold_usd` null while none is set",
    params: inProject,
    access: 'admin',
    response: spendAlertSchema,
  }),
  setSpendAlert: route({
    ...current,
    tag: 'Project',
    method: 'post',
    path: spendAlertPath,
    summary:
      "Sets the project's spend alert (admins only): when the month's total crosses `threshold_usd`, the admins get one mail and the project one `spendAlert.state_changed` event (state `crossed`), once a month per threshold",
    params: inProject,
    access: 'admin',
    body: spendAlertBodySchema,
    response: spendAlertSchema,
  }),
  deleteSpendAlert: route({
    ...current,
    tag: 'Project',
    method: 'delete',
    path: spendAlertPath,
    summary: "Clears the project's spend alert (admins only)",
    params: inProject,
    access: 'admin',
  }),
} as const satisfies RouteList;
