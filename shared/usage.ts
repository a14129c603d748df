// Usage and spend (issue 30): a resource is billed per started hour while it is in a billable
// state, at its catalog list price (`hourly` of the monthly price), as the origin bills
// (model/billing_record.rb: a record per resource with a span and an hourly rate).
import {
  HOURS_PER_MONTH,
  hourly,
  IPV4_MONTHLY_USD,
  postgresMonthlyUsd,
  vmSize,
} from './catalog.ts';

const HOUR_MS = 60 * 60 * 1000;

/** A stretch of time a resource was billable; `ended_at` null while it still is. */
export interface UsageSpan {
  resource_id: string;
  kind: string;
  name: string;
  hourly_usd: number;
  started_at: string;
  ended_at: string | null;
}

export interface UsageLine {
  resource_id: string;
  kind: string;
  name: string;
  hours: number;
  amount_usd: number;
  /** The price it is billed at now; null when it is not billed now (stopped billing, or gone). */
  hourly_usd: number | null;
}

/** `YYYY-MM` to its first millisecond and the next month's, UTC; undefined when malformed. */
export function monthRange(month: string): { start: number; end: number } | undefined {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return undefined;
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return { start: Date.UTC(year, index, 1), end: Date.UTC(year, index + 1, 1) };
}

/** Billed hours of a span inside [start, end): every started hour counts, as the origin's. */
export function billedHours(span: UsageSpan, start: number, end: number, now: number): number {
  const from = Math.max(Date.parse(span.started_at), start);
  const to = Math.min(span.ended_at === null ? now : Date.parse(span.ended_at), end, now);
  if (to <= from) return 0;
  return Math.ceil((to - from) / HOUR_MS);
}

/** The day (`YYYY-MM-DD`, UTC) each billed hour of a span inside [start, end) starts on, counted. */
function hoursPerDay(
  span: UsageSpan,
  start: number,
  end: number,
  now: number,
  into: Map<string, number>,
) {
  const from = Math.max(Date.parse(span.started_at), start);
  const hours = billedHours(span, start, end, now);
  for (let k = 0; k < hours; k++) {
    const day = new Date(from + k * HOUR_MS).toISOString().slice(0, 10);
    into.set(day, (into.get(day) ?? 0) + span.hourly_usd);
  }
}

/** The origin's invoice: the discount (a percentage) first, then the credit, never below zero. */
function invoice(subtotal: number, project: { credit: number; discount: number }) {
  const discount = round((subtotal * project.discount) / 100);
  const credit = round(Math.min(project.credit, subtotal - discount));
  return { discount, credit, total: round(subtotal - discount - credit) };
}

/**
 * Per resource usage of a month, with the project's credit and discount applied to the total;
 * the amount billed per day (for the chart); and the forecast: what the month comes to if what
 * is billed now stays billed until its end.
 */
export function summarize(
  spans: UsageSpan[],
  range: { start: number; end: number },
  now: number,
  project: { credit: number; discount: number },
) {
  const byResource = new Map<string, UsageLine>();
  const perDay = new Map<string, number>();
  let forecastSubtotal = 0;
  for (const s of spans) {
    // An open span runs on to the month's end in the forecast.
    forecastSubtotal += billedHours(s, range.start, range.end, range.end) * s.hourly_usd;
    const hours = billedHours(s, range.start, range.end, now);
    const line = byResource.get(s.resource_id) ?? {
      resource_id: s.resource_id,
      kind: s.kind,
      name: s.name,
      hours: 0,
      amount_usd: 0,
      hourly_usd: null,
    };
    if (s.ended_at === null && Date.parse(s.started_at) < range.end && now < range.end)
      line.hourly_usd = s.hourly_usd;
    if (hours === 0 && line.hourly_usd === null) continue;
    line.hours += hours;
    line.amount_usd = round(line.amount_usd + hours * s.hourly_usd);
    hoursPerDay(s, range.start, range.end, now, perDay);
    byResource.set(s.resource_id, line);
  }
  const resources = [...byResource.values()];
  const byKind = new Map<string, number>();
  for (const r of resources) byKind.set(r.kind, round((byKind.get(r.kind) ?? 0) + r.amount_usd));
  const subtotal = round(resources.reduce((sum, r) => sum + r.amount_usd, 0));
  const due = invoice(subtotal, project);
  return {
    resources,
    kinds: [...byKind].map(([kind, amount_usd]) => ({ kind, amount_usd })),
    days: [...perDay]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, amount]) => ({ date, amount_usd: round(amount) })),
    subtotal_usd: subtotal,
    discount_usd: due.discount,
    credit_usd: due.credit,
    total_usd: due.total,
    forecast_usd: Math.max(due.total, invoice(round(forecastSubtotal), project).total),
  };
}

const round = (n: number) => Math.round(n * 1e4) / 1e4;

/** The hourly list price of a resource, from the catalog the console's forms show. */
export function hourlyUsd(
  kind: 'vm' | 'postgres',
  resource: { size: string; storage_size_gib: number; ha_type?: string; ip4?: string | null },
): number {
  // A VM's public IPv4 address is billed with it, as the create form prices it.
  if (kind === 'vm')
    return hourly((vmSize(resource.size)?.monthlyUsd ?? 0) + (resource.ip4 ? IPV4_MONTHLY_USD : 0));
  return hourly(
    postgresMonthlyUsd(resource.size, resource.storage_size_gib, resource.ha_type ?? 'none'),
  );
}

export { HOURS_PER_MONTH };
