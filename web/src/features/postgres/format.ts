// How a database's facts read in the console: size, storage, HA, flavor and version, price,
// connection strings with the password masked.
import {
  POSTGRES_SIZES,
  postgresFlavor,
  postgresHaType,
  postgresMonthlyUsd,
  postgresSize,
} from '#shared/catalog';

export { formatHourly, formatMonthly, usd } from '#web/lib/price.ts';

/** "2 vCPU · 8 GiB memory" for a known size. */
export function sizeSpec(size: string): string | undefined {
  const s = postgresSize(size);
  return s ? `${s.vcpus} vCPU · ${s.memoryGib} GiB memory` : undefined;
}

/** "1 TiB" for 1024, "512 GiB" else. */
export function storageLabel(gib: number): string {
  return gib >= 1024 && gib % 1024 === 0 ? `${gib / 1024} TiB` : `${gib} GiB`;
}

/** "PostgreSQL 17", "ParadeDB 16". */
export function engineLabel(flavor: string, version: string): string {
  return `${postgresFlavor(flavor)?.displayName ?? flavor} ${version}`;
}

export const haLabel = (haType: string) => postgresHaType(haType)?.displayName ?? haType;

/** The list price of the database as it is (every server with its storage). */
export function monthlyPrice(pg: {
  vm_size: string;
  storage_size_gib: number;
  ha_type: string;
}): number | undefined {
  return postgresSize(pg.vm_size)
    ? postgresMonthlyUsd(pg.vm_size, pg.storage_size_gib, pg.ha_type)
    : undefined;
}

export const MASK = '••••••••';

/** The connection string with its password replaced by dots (what is shown until revealed). */
export function maskPassword(text: string, password: string | null): string {
  if (!password) return text;
  return text.split(encodeURIComponent(password)).join(MASK).split(password).join(MASK);
}

/** `psql "<connection string>"`. */
export const psqlCommand = (connectionString: string) => `psql "${connectionString}"`;

/** "02:00–03:00 UTC on Monday, Thursday", "Not set". */
/** The origin's day names (`mon`…) as the console shows them. */
export const DAYS = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
} as const;

export function maintenanceLabel(
  startAt: number | null,
  days: readonly (keyof typeof DAYS)[] | undefined,
): string {
  if (startAt === null) return 'Not set (any time)';
  const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  const on =
    days && days.length && days.length < 7
      ? ` on ${days.map((d) => DAYS[d]).join(', ')}`
      : ' every day';
  return `${hh(startAt)}–${hh(startAt + 1)} UTC${on}`;
}

export { formatUtc } from '#web/lib/date.ts';

/** "1.2 GB" for a number of bytes. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

/** The lowest monthly price of a database (the smallest size and storage, no standby). */
export const STARTING_PRICE = Math.min(
  ...POSTGRES_SIZES.map((s) => postgresMonthlyUsd(s.name, s.storageGib[0], 'none')),
);
