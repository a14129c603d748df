// Addresses, CIDRs, port ranges and SSH keys: parsing and formatting shared by the console
// (validation as you type) and the BFF (validation and allocation). No Node imports.

export type Family = 4 | 6;
export interface Cidr {
  family: Family;
  /** The network address as a bigint (host bits cleared). */
  network: bigint;
  prefix: number;
}

const bits = (f: Family) => (f === 4 ? 32 : 128);

export function parseIPv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0n;
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255) return undefined;
    n = (n << 8n) | BigInt(p);
  }
  return n;
}

export function parseIPv6(text: string): bigint | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45) return undefined;
  let head = text;
  let tailV4: bigint | undefined;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    tailV4 = parseIPv4(text.slice(lastColon + 1));
    if (tailV4 === undefined) return undefined;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const group = (s: string) => (s === '' ? [] : s.split(':'));
  const left = group(halves[0]!);
  const right = halves.length === 2 ? group(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...right];
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  if (tailV4 !== undefined) n = (n & ~0xffffffffn) | tailV4;
  return n;
}

export function formatIPv4(value: bigint): string {
  const v = Number(value & 0xffffffffn);
  return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
}

/** RFC 5952 text: lower case, longest run of zero groups compressed. */
export function formatIPv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) =>
    Number((value >> BigInt(112 - i * 16)) & 0xffffn),
  );
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

export function formatAddress(family: Family, value: bigint): string {
  return family === 4 ? formatIPv4(value) : formatIPv6(value);
}

/** Parses `a.b.c.d/n`, `x::y/n` or a bare address (/32 or /128); host bits are cleared. */
export function parseCidr(text: string): Cidr | undefined {
  const [addr, prefixText, ...rest] = text.trim().split('/');
  if (rest.length || !addr) return undefined;
  const family: Family = addr.includes(':') ? 6 : 4;
  const value = family === 4 ? parseIPv4(addr) : parseIPv6(addr);
  if (value === undefined) return undefined;
  const max = bits(family);
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return undefined;
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(max - prefix);
  return { family, network: value & mask, prefix };
}

export function formatCidr(cidr: Cidr): string {
  return `${formatAddress(cidr.family, cidr.network)}/${cidr.prefix}`;
}

/** The canonical text of a CIDR, or undefined when it does not parse. */
export function normalizeCidr(text: string): string | undefined {
  const c = parseCidr(text);
  return c && formatCidr(c);
}

export const CIDR_MESSAGE =
  'Enter an IPv4 or IPv6 CIDR such as 0.0.0.0/0, 10.0.0.0/8 or 2001:db8::/32.';

export interface PortRange {
  start: number;
  end: number;
}

const PORT = /^(0|[1-9]\d{0,4})$/;
export const PORT_RANGE_MESSAGE = 'Enter a port (0-65535) or a range such as 8000..8080.';

/** `"N"` or `"A..B"` with 0 ≤ A ≤ B ≤ 65535. */
export function parsePortRange(text: string): PortRange | undefined {
  const m = text.trim().split('..');
  if (m.length > 2 || !m.every((p) => PORT.test(p))) return undefined;
  const start = Number(m[0]);
  const end = Number(m[m.length - 1]);
  if (end > 65535 || start > end) return undefined;
  return { start, end };
}

export const formatPortRange = (range: PortRange) => `${range.start}..${range.end}`;

export const SSH_KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
] as const;

export const SSH_KEY_MESSAGE =
  'Enter an OpenSSH public key line such as "ssh-ed25519 AAAA… user@host".';

/**
 * True for one OpenSSH public key line: `<type> <base64 blob> [comment]`, where the blob
 * decodes and starts with the same key type (length-prefixed).
 */
export function isOpenSshPublicKey(text: string): boolean {
  const line = text.trim();
  if (line.includes('\n') || line.length > 16_384) return false;
  const [type, blob] = line.split(/\s+/);
  if (!type || !blob || !(SSH_KEY_TYPES as readonly string[]).includes(type)) return false;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(blob) || blob.length % 4 !== 0) return false;
  let bytes: string;
  try {
    bytes = atob(blob);
  } catch {
    return false;
  }
  if (bytes.length < 4 + type.length + 4) return false;
  const len =
    ((bytes.charCodeAt(0) << 24) |
      (bytes.charCodeAt(1) << 16) |
      (bytes.charCodeAt(2) << 8) |
      bytes.charCodeAt(3)) >>>
    0;
  return len === type.length && bytes.slice(4, 4 + len) === type;
}
