// Address allocation (behaviour.md §9). Picks are random (or first free for public IPv4);
// uniqueness is enforced by unique indexes, and a clash retries the transaction.
import { randomBytes } from 'node:crypto';
import { formatCidr, formatIPv4, formatIPv6, parseCidr, parseIPv4 } from '#shared/net';

const randomBits = (n: number): bigint => {
  const bytes = randomBytes(Math.ceil(n / 8));
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  return v & ((1n << BigInt(n)) - 1n);
};

/** A random /26 inside 10.0.0.0/8. */
export function randomNet4(): string {
  return formatCidr({ family: 4, network: (10n << 24n) | (randomBits(18) << 6n), prefix: 26 });
}

/** A random /64 inside fd00::/8. */
export function randomNet6(): string {
  return formatCidr({ family: 6, network: (0xfdn << 120n) | (randomBits(56) << 64n), prefix: 64 });
}

/** Random draws before the full scan: one formats a single address, the scan every one of the subnet's. */
const NIC_IPV4_DRAWS = 8;

/**
 * A random free private IPv4 in the subnet: not the first 4 addresses, not the last. Uniform
 * over the free ones: random draws until one is free (a subnet is rarely near full), then a
 * pick among all the free ones.
 */
export function pickNicIPv4(net4: string, taken: Iterable<string>): string | undefined {
  const net = parseCidr(net4)!;
  const first = net.network + 4n;
  const count = Number(1n << BigInt(32 - net.prefix)) - 5;
  const used = new Set(taken);
  for (let i = 0; i < NIC_IPV4_DRAWS && count > 0; i++) {
    const a = formatIPv4(first + BigInt(Math.floor(Math.random() * count)));
    if (!used.has(a)) return a;
  }
  const free: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = formatIPv4(first + BigInt(i));
    if (!used.has(a)) free.push(a);
  }
  return free.length ? free[Math.floor(Math.random() * free.length)] : undefined;
}

/** A random address inside the subnet's /64 (host part never 0). */
export function pickNicIPv6(net6: string): string {
  const net = parseCidr(net6)!;
  return formatIPv6(net.network | (randomBits(64) || 1n));
}

/** A random public IPv6 address inside 2001:db8::/32. */
export function randomPublicIPv6(): string {
  return formatIPv6((0x20010db8n << 96n) | (randomBits(96) || 1n));
}

const PUBLIC_V4_POOLS = ['203.0.113.0', '198.51.100.0'].map((a) => parseIPv4(a)!);

/**
 * A free public IPv4 from 203.0.113.0/24 while it has room, then from 198.51.100.0/24
 * (.1 to .254), picked at random within the pool so concurrent creates rarely clash.
 */
export function pickPublicIPv4(taken: Iterable<string>): string | undefined {
  const used = new Set(taken);
  for (const pool of PUBLIC_V4_POOLS) {
    const free: string[] = [];
    for (let i = 1n; i < 255n; i++) {
      const a = formatIPv4(pool + i);
      if (!used.has(a)) free.push(a);
    }
    if (free.length) return free[Math.floor(Math.random() * free.length)];
  }
  return undefined;
}
