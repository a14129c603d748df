import { describe, expect, it } from 'vitest';
import { billedHours, monthRange, summarize, type UsageSpan } from './usage.ts';

const span = (started_at: string, ended_at: string | null, hourly_usd = 0.1): UsageSpan => ({
  resource_id: 'vm1',
  kind: 'vm',
  name: 'web',
  hourly_usd,
  started_at,
  ended_at,
});

describe('usage', () => {
  it('reads YYYY-MM months only', () => {
    expect(monthRange('2026-11')).toEqual({
      start: Date.UTC(2026, 10, 1),
      end: Date.UTC(2026, 11, 1),
    });
    for (const bad of ['2026-13', '2026-1', 'november', '2026-11-01'])
      expect(monthRange(bad)).toBeUndefined();
  });

  it('counts every started hour, within the month and up to now', () => {
    const m = monthRange('2026-11')!;
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(
      billedHours(span('2026-11-28T10:00:00Z', '2026-11-28T10:01:00Z'), m.start, m.end, now),
    ).toBe(1);
    expect(billedHours(span('2026-11-28T09:30:00Z', null), m.start, m.end, now)).toBe(3);
    expect(
      billedHours(span('2026-10-31T23:00:00Z', '2026-11-01T01:00:00Z'), m.start, m.end, now),
    ).toBe(1);
  });

  it('applies the discount, then the credit, never below zero', () => {
    const m = monthRange('2026-11')!;
    const now = Date.parse('2026-11-28T12:00:00Z');
    const spans = [span('2026-11-28T02:00:00Z', null, 1)];
    expect(summarize(spans, m, now, { credit: 0, discount: 10 })).toMatchObject({
      subtotal_usd: 10,
      discount_usd: 1,
      total_usd: 9,
    });
    expect(summarize(spans, m, now, { credit: 100, discount: 0 })).toMatchObject({
      credit_usd: 10,
      total_usd: 0,
    });
  });

  it('splits the billed hours by day, and forecasts what runs now to the month’s end', () => {
    const m = monthRange('2026-11')!;
    const now = Date.parse('2026-11-28T01:00:00Z');
    const spans = [
      // Two hours on the 27th, one on the 28th; still billed, at $1 an hour.
      span('2026-11-27T22:00:00Z', null, 1),
      // Gone: an hour on the 2nd.
      { ...span('2026-11-02T10:00:00Z', '2026-11-02T10:30:00Z', 0.5), resource_id: 'vm2' },
    ];
    const usage = summarize(spans, m, now, { credit: 0, discount: 0 });
    expect(usage.days).toEqual([
      { date: '2026-11-02', amount_usd: 0.5 },
      { date: '2026-11-27', amount_usd: 2 },
      { date: '2026-11-28', amount_usd: 1 },
    ]);
    expect(usage.resources.map((r) => [r.resource_id, r.hourly_usd])).toEqual([
      ['vm1', 1],
      ['vm2', null],
    ]);
    // The open span runs to December 1st 00:00: 2 + 24 × 3 hours, and the half dollar.
    expect(usage.forecast_usd).toBe(74.5);
    expect(summarize(spans, m, now, { credit: 0, discount: 50 }).forecast_usd).toBe(37.25);
  });
});
