import { describe, expect, it } from 'vitest';
import { billedHours, forecastUsd, monthRange, summarize, type UsageSpan } from './usage.ts';

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

  it('forecasts the month with what is billed now running to its end', () => {
    const m = monthRange('2026-11')!;
    const now = Date.parse('2026-11-28T12:00:00Z');
    // Open since 02:00 on the 28th: 70 hours to the month's end; a closed span stays as billed.
    const spans = [
      span('2026-11-28T02:00:00Z', null, 1),
      { ...span('2026-11-01T00:00:00Z', '2026-11-01T02:00:00Z', 1), resource_id: 'vm2' },
    ];
    const project = { credit: 0, discount: 10 };
    expect(summarize(spans, m, now, project).total_usd).toBe(10.8);
    expect(forecastUsd(spans, m, now, project)).toBe(64.8);
    // A month that is over: its forecast is its total.
    expect(forecastUsd(spans, m, Date.parse('2026-12-05T00:00:00Z'), project)).toBe(64.8);
  });
});
