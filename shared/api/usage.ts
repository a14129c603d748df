// GET P/usage (issue 30): a month's usage, per resource and per kind, priced from the catalog
// per started hour, with the project's discount (percent) and credit applied.
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
      }),
    ),
    kinds: z.array(z.strictObject({ kind: z.string(), amount_usd: money })),
    subtotal_usd: money,
    discount_usd: money,
    credit_usd: money,
    total_usd: money,
    /** The month's total if what is billed now stays billed until the month ends. */
    forecast_usd: money,
  })
  .meta({ id: 'Usage' });
export type Usage = z.infer<typeof usageSchema>;

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
} as const satisfies RouteList;
