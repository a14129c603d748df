// Usage in words: hours, hourly prices, kinds and months.

const hourly = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 3,
  maximumFractionDigits: 4,
});

/** "$0.0356/h". */
export const hourlyText = (usdPerHour: number) => `${hourly.format(usdPerHour)}/h`;

/** "1 hour", "12 hours". */
export const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/** The kinds the meter bills (bff/src/usage/meter.ts), in words. */
const KIND_LABELS: Record<string, string> = {
  vm: 'VM',
  postgres: 'PostgreSQL database',
  kubernetes_cluster: 'Kubernetes cluster',
};
export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

/** "November 2026" of `2026-11`. */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, index! - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The `count` months up to `month`, newest first. */
export function monthsBefore(month: string, count: number): string[] {
  const [year, index] = month.split('-').map(Number);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year!, index! - 1 - i, 1)).toISOString().slice(0, 7),
  );
}
