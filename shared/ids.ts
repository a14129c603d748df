// Resource IDs (behaviour.md §5): 2-character type prefix + 24 Crockford base32 characters
// (lower case) = 120 bits: a 48-bit millisecond timestamp, then 72 random bits. The prefixes are
// the origin's (its ubid.rb types) where it has the kind (decision 288).
export const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export const ID_PREFIXES = {
  project: 'pj',
  privateSubnet: 'ps',
  nic: 'nc',
  vm: 'vm',
  firewall: 'fw',
  firewallRule: 'fr',
  loadBalancer: '1b',
  postgres: 'pg',
  // The origin's firewall rules' type: a PostgreSQL firewall rule shares it with `firewallRule`.
  postgresFirewallRule: 'fr',
  postgresMetricDestination: 'md',
  postgresLogDestination: '1d',
  // A PostgreSQL server: its VM's ID under this prefix (postgresServerId); never made by newId.
  postgresServer: 'pv',
  kubernetesCluster: 'kc',
  nodePool: 'kn',
  installation: 'g1',
  repository: 'gp',
  githubCacheEntry: 'ge',
  account: 'ac',
  session: 'se',
  job: 'jb',
  invitation: 'iv',
  accessToken: 'tk',
  sshPublicKey: 'sk',
  auditEntry: 'a1',
  mail: 'ml',
  webhookEndpoint: 'wh',
  webhookDelivery: 'wd',
  testFault: 'tf',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/** An ID after its prefix, as a regular expression's text. */
export const ID_BODY = '[0-9a-hjkmnp-tv-z]{24}';
const patterns = Object.fromEntries(
  Object.entries(ID_PREFIXES).map(([kind, prefix]) => [kind, new RegExp(`^${prefix}${ID_BODY}$`)]),
) as Record<IdKind, RegExp>;

export function isId(kind: IdKind, value: string): boolean {
  return patterns[kind].test(value);
}

export function idPattern(kind: IdKind): RegExp {
  return patterns[kind];
}

const RANDOM_BITS = 72n;
const RANDOM_MASK = (1n << RANDOM_BITS) - 1n;
let lastTime = 0;
let lastRandom = 0n;

function randomBits(): bigint {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

/** Encodes a 120-bit value (timestamp << 72 | random) as 24 base32 characters. */
function encode(value: bigint): string {
  let out = '';
  for (let i = 0; i < 24; i++) {
    out = ID_ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

/**
 * Makes a new ID from the clock. IDs made in the same millisecond by this process stay in
 * creation order: the random part is incremented instead of drawn again.
 */
export function newId(kind: IdKind): string;
/** Makes an ID for an explicit creation time (no ordering state is kept). */
export function newId(kind: IdKind, at: number): string;
export function newId(kind: IdKind, at?: number): string {
  if (at !== undefined)
    return ID_PREFIXES[kind] + encode((BigInt(at) << RANDOM_BITS) | randomBits());
  let now = Date.now();
  let random: bigint;
  if (now <= lastTime) {
    now = lastTime;
    random = (lastRandom + 1n) & RANDOM_MASK;
  } else {
    random = randomBits();
  }
  lastTime = now;
  lastRandom = random;
  return ID_PREFIXES[kind] + encode((BigInt(now) << RANDOM_BITS) | random);
}

/** The millisecond timestamp carried by an ID of any kind. */
export function idTime(id: string): number {
  let value = 0n;
  for (const ch of id.slice(2, 12)) value = (value << 5n) | BigInt(ID_ALPHABET.indexOf(ch));
  // 10 characters = 50 bits; the timestamp is the top 48 of 120 bits.
  return Number(value >> 2n);
}

/** The lowest ID of `kind` made at millisecond `at`: IDs sort by time, so a time range is an ID range. */
export function firstIdAt(kind: IdKind, at: number): string {
  return ID_PREFIXES[kind] + encode(BigInt(at) << RANDOM_BITS);
}

/**
 * The kind of an ID of any kind; undefined for anything else. An `fr` ID is a firewall rule's,
 * or a PostgreSQL firewall rule's when `path` (the route it came by) is a database's.
 */
export function idKindOf(value: string, path?: string): IdKind | undefined {
  const kind = (Object.keys(patterns) as IdKind[]).find((k) => patterns[k].test(value));
  return kind === 'firewallRule' && path?.includes('/postgres/') ? 'postgresFirewallRule' : kind;
}

/** A PostgreSQL server's ID: its VM's ID under the server prefix (the origin's `pv`). */
export function postgresServerId(vmId: string): string {
  return ID_PREFIXES.postgresServer + vmId.slice(ID_PREFIXES.vm.length);
}
