// Usage and spend (issue 30): a resource is billed per started hour while it is in a billable
// state, at its catalog list price (`hourly` of the monthly price), as the origin bills
// (model/billing_record.rb: a record per resource with a span and an hourly rate).
import { HOURS_PER_MONTH, hourly, postgresMonthlyUsd, vmSize } from './catalog.ts';

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

/** Per resource usage of a month, with the project's credit and discount applied to the total. */
export function summarize(
  spans: UsageSpan[],
  range: { start: number; end: number },
  now: number,
  project: { credit: number; discount: number },
) {
  const byResource = new Map<string, UsageLine>();
  for (const s of spans) {
    const hours = billedHours(s, range.start, range.end, now);
    if (hours === 0) continue;
    const line = byResource.get(s.resource_id) ?? {
      resource_id: s.resource_id,
      kind: s.kind,
      name: s.name,
      hours: 0,
      amount_usd: 0,
    };
    line.hours += hours;
    line.amount_usd = round(line.amount_usd + hours * s.hourly_usd);
    byResource.set(s.resource_id, line);
  }
  const resources = [...byResource.values()];
  const byKind = new Map<string, number>();
  for (const r of resources) byKind.set(r.kind, round((byKind.get(r.kind) ?? 0) + r.amount_usd));
  const subtotal = round(resources.reduce((sum, r) => sum + r.amount_usd, 0));
  // The origin's invoice: the discount (a percentage) first, then the credit, never below zero.
  const discount = round((subtotal * project.discount) / 100);
  const credit = round(Math.min(project.credit, subtotal - discount));
  return {
    resources,
    kinds: [...byKind].map(([kind, amount_usd]) => ({ kind, amount_usd })),
    subtotal_usd: subtotal,
    discount_usd: discount,
    credit_usd: credit,
    total_usd: round(subtotal - discount - credit),
  };
}

const round = (n: number) => Math.round(n * 1e4) / 1e4;

/**
 * What the month's total comes to if what is billed now stays billed to the month's end: each
 * open span counted up to the end (its started hours), the closed ones as billed, then the
 * discount and credit as for the total. A past month's forecast is its total.
 */
export function forecastUsd(
  spans: UsageSpan[],
  range: { start: number; end: number },
  now: number,
  project: { credit: number; discount: number },
): number {
  return summarize(spans, range, Math.max(now, range.end), project).total_usd;
}

/** The hourly list price of a resource, from the catalog the console's forms show. */
export function hourlyUsd(
  kind: 'vm' | 'postgres',
  resource: { size: string; storage_size_gib: number; ha_type?: string },
): number {
  if (kind === 'vm') return hourly(vmSize(resource.size)?.monthlyUsd ?? 0);
  return hourly(
    postgresMonthlyUsd(resource.size, resource.storage_size_gib, resource.ha_type ?? 'none'),
  );
}

export { HOURS_PER_MONTH };
