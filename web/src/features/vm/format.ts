import { IPV4_MONTHLY_USD, vmSize } from '#shared/catalog';

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
export function sshCommand(
  unixUser: string,
  ip4: string | null,
  ip6: string | null,
): string | undefined {
  const host = ip4 ?? ip6;
  return host ? `ssh ${unixUser}@${host}` : undefined;
}
