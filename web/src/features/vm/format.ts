import { hourly, IPV4_MONTHLY_USD, LOCATIONS, vmSize } from '#shared/catalog';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdHourly = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 3, maximumFractionDigits: 4 });

export const formatMonthly = (amount: number) => `${usd.format(amount)}/mo`;
export const formatHourly = (monthly: number) => `${usdHourly.format(hourly(monthly))}/h`;

/** "Germany" for `eu-central-h1`; an unknown name as it is. */
export function locationDisplayName(name: string): string {
  return LOCATIONS.find((l) => l.name === name)?.displayName ?? name;
}

/** "2 vCPU · 8 GiB" for a known size. */
export function sizeSpec(size: string): string | undefined {
  const s = vmSize(size);
  return s ? `${s.vcpus} vCPU · ${s.memoryGib} GiB memory` : undefined;
}

/** The list price of a VM: its size, plus a public IPv4 address when it has one. */
export function vmMonthlyUsd(size: string, hasIp4: boolean): number | undefined {
  const s = vmSize(size);
  return s ? s.monthlyUsd + (hasIp4 ? IPV4_MONTHLY_USD : 0) : undefined;
}

/** `ssh ubi@203.0.113.7`, or over IPv6 when there is no public IPv4. */
export function sshCommand(unixUser: string, ip4: string | null, ip6: string | null): string | undefined {
  const host = ip4 ?? ip6;
  return host ? `ssh ${unixUser}@${host}` : undefined;
}

/** A rule's source in words: "All IPv4", "All IPv6", or the CIDR. */
export function ruleSource(cidr: string): string {
  if (cidr === '0.0.0.0/0') return 'All IPv4';
  if (cidr === '::/0') return 'All IPv6';
  return cidr;
}

const WELL_KNOWN: Record<number, string> = { 22: 'SSH', 80: 'HTTP', 443: 'HTTPS', 5432: 'PostgreSQL' };

/** A rule's ports in words: "All ports", "SSH (22)", "8000–8080". */
export function rulePorts(portRange: string): string {
  const [a, b] = portRange.split('..').map(Number);
  if (a === undefined || Number.isNaN(a)) return portRange;
  const end = b ?? a;
  if (a === 0 && end === 65535) return 'All ports';
  if (a === end) return WELL_KNOWN[a] ? `${WELL_KNOWN[a]} (${a})` : String(a);
  return `${a}–${end}`;
}
