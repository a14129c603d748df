// Option lists shared by the console and the API (behaviour.md §7, §9, §10).
export const LOCATIONS = [
  { name: 'eu-central-h1', displayName: 'Germany' },
  { name: 'eu-north-h1', displayName: 'Finland' },
  { name: 'us-east-a2', displayName: 'Virginia, US' },
] as const;

export type LocationName = (typeof LOCATIONS)[number]['name'];
export const LOCATION_NAMES = LOCATIONS.map((l) => l.name) as [LocationName, ...LocationName[]];

export function isLocation(name: string): name is LocationName {
  return (LOCATION_NAMES as string[]).includes(name);
}

export const LOCATION_MESSAGE = `Given location is not a valid location. Available locations: ${LOCATION_NAMES.join(', ')}`;

/**
 * VM sizes: vCPU, memory, storage (behaviour.md §9) and list prices (USD per month, 730 h).
 * `storageGib` is the default storage; `storageOptionsGib` the choices of `storage_size`, as
 * the origin offers them: 20 and 40 GiB per vCPU (decision 196).
 */
export const VM_SIZES = [
  {
    name: 'standard-2',
    family: 'standard',
    vcpus: 2,
    memoryGib: 8,
    storageGib: 40,
    storageOptionsGib: [40, 80],
    monthlyUsd: 26.0,
  },
  {
    name: 'standard-4',
    family: 'standard',
    vcpus: 4,
    memoryGib: 16,
    storageGib: 80,
    storageOptionsGib: [80, 160],
    monthlyUsd: 52.0,
  },
  {
    name: 'standard-8',
    family: 'standard',
    vcpus: 8,
    memoryGib: 32,
    storageGib: 160,
    storageOptionsGib: [160, 320],
    monthlyUsd: 104.0,
  },
  {
    name: 'standard-16',
    family: 'standard',
    vcpus: 16,
    memoryGib: 64,
    storageGib: 320,
    storageOptionsGib: [320, 640],
    monthlyUsd: 208.0,
  },
] as const;
export type VmSizeName = (typeof VM_SIZES)[number]['name'];
export const VM_SIZE_NAMES = VM_SIZES.map((s) => s.name) as [VmSizeName, ...VmSizeName[]];
export const DEFAULT_VM_SIZE: VmSizeName = 'standard-2';

/** A machine size: a VM's, or a Kubernetes node's (which may be one VM create does not offer). */
export interface MachineSize {
  readonly name: string;
  readonly family: string;
  readonly vcpus: number;
  readonly memoryGib: number;
  readonly storageGib: number;
  readonly storageOptionsGib: readonly number[];
  readonly monthlyUsd: number;
}

/**
 * The origin's x64 machine sizes of the families that run in our locations (its
 * `Option::VmSizes`, visible or not; decision 290): standard 2…60 vCPUs, premium 2…30 (dedicated,
 * priced above standard), burstable 1 and 2 (shared CPU at half the price per vCPU). Kubernetes
 * nodes may have any of them; VM create keeps the spec's `VM_SIZES`.
 */
const MONTHLY_USD_PER_VCPU = { standard: 13, premium: 18, burstable: 6.5 } as const;
const machineSize = (family: keyof typeof MONTHLY_USD_PER_VCPU, vcpus: number): MachineSize => {
  const perVcpuGib = family === 'burstable' ? 10 : 20;
  return {
    name: `${family}-${vcpus}`,
    family,
    vcpus,
    memoryGib: vcpus * (family === 'burstable' ? 2 : 4),
    storageGib: vcpus * perVcpuGib,
    storageOptionsGib: [vcpus * perVcpuGib, vcpus * perVcpuGib * 2],
    monthlyUsd: vcpus * MONTHLY_USD_PER_VCPU[family],
  };
};
export const MACHINE_SIZES: readonly MachineSize[] = [
  ...[1, 2].map((n) => machineSize('burstable', n)),
  ...VM_SIZES.map((s) => ({ ...s, family: 'standard' })),
  ...[30, 60].map((n) => machineSize('standard', n)),
  ...[2, 4, 8, 16, 30].map((n) => machineSize('premium', n)),
];

/** The size of any VM, a Kubernetes node's included. */
export function vmSize(name: string): MachineSize | undefined {
  return MACHINE_SIZES.find((s) => s.name === name);
}

/**
 * Why a VM of size `from` cannot be resized to `to` (decision 295): another family, a smaller
 * size or the same one; undefined when it can.
 */
export function vmResizeRefusal(from: string, to: string): string | undefined {
  const a = vmSize(from);
  const b = vmSize(to);
  if (!a || !b) return `size must be one of ${VM_SIZE_NAMES.join(', ')}.`;
  if (a.family !== b.family)
    return `size must be of the VM's family (${a.family}); ${to} is ${b.family}.`;
  if (b.vcpus < a.vcpus) return `size must not be smaller than the VM's size ${from}.`;
  if (b.name === a.name) return `The VM is already ${from}.`;
  return undefined;
}

/** The sizes a VM of size `from` can be resized to, smallest first. */
export const vmResizeTargets = (from: string) =>
  VM_SIZES.filter((s) => vmResizeRefusal(from, s.name) === undefined);

/** A resized VM's storage: the new size's smallest option not below what it has (disks only grow). */
export function resizedStorageGib(to: string, currentGib: number): number {
  const options: readonly number[] = vmSize(to)?.storageOptionsGib ?? [];
  return options.find((g) => g >= currentGib) ?? currentGib;
}

export const BOOT_IMAGES = [
  { name: 'ubuntu-jammy', displayName: 'Ubuntu 22.04 LTS (Jammy)' },
  { name: 'almalinux-9.1', displayName: 'AlmaLinux 9.1' },
] as const;
export type BootImageName = (typeof BOOT_IMAGES)[number]['name'];
export const BOOT_IMAGE_NAMES = BOOT_IMAGES.map((b) => b.name) as [
  BootImageName,
  ...BootImageName[],
];
export const DEFAULT_BOOT_IMAGE: BootImageName = 'ubuntu-jammy';

/** Public IPv4 addresses cost extra. */
export const IPV4_MONTHLY_USD = 3.0;
export const HOURS_PER_MONTH = 730;

export function hourly(monthlyUsd: number): number {
  return monthlyUsd / HOURS_PER_MONTH;
}

/** Firewall rule presets offered by the console. */
export const RULE_PRESETS = [
  { name: 'SSH', port_range: '22..22', protocol: 'tcp' },
  { name: 'HTTP', port_range: '80..80', protocol: 'tcp' },
  { name: 'HTTPS', port_range: '443..443', protocol: 'tcp' },
  { name: 'PostgreSQL', port_range: '5432..5432', protocol: 'tcp' },
  { name: 'All TCP', port_range: '0..65535', protocol: 'tcp' },
  { name: 'All UDP', port_range: '0..65535', protocol: 'udp' },
] as const;

/**
 * Managed PostgreSQL (behaviour.md §10): server sizes with their monthly prices (compute of one
 * server), the storage choices of each size (the origin's: 32 GiB per vCPU, 1024 from 30 vCPUs,
 * ×2 or ×4; halved for the burstable hobby sizes), versions, flavors and high-availability types.
 */
export const POSTGRES_SIZES = [
  {
    name: 'hobby-1',
    family: 'hobby',
    vcpus: 1,
    memoryGib: 2,
    storageGib: [16, 32, 64],
    monthlyUsd: 12.0,
  },
  {
    name: 'hobby-2',
    family: 'hobby',
    vcpus: 2,
    memoryGib: 4,
    storageGib: [32, 64, 128],
    monthlyUsd: 24.0,
  },
  {
    name: 'standard-2',
    family: 'standard',
    vcpus: 2,
    memoryGib: 8,
    storageGib: [64, 128, 256],
    monthlyUsd: 65.0,
  },
  {
    name: 'standard-4',
    family: 'standard',
    vcpus: 4,
    memoryGib: 16,
    storageGib: [128, 256, 512],
    monthlyUsd: 130.0,
  },
  {
    name: 'standard-8',
    family: 'standard',
    vcpus: 8,
    memoryGib: 32,
    storageGib: [256, 512, 1024],
    monthlyUsd: 260.0,
  },
  {
    name: 'standard-16',
    family: 'standard',
    vcpus: 16,
    memoryGib: 64,
    storageGib: [512, 1024, 2048],
    monthlyUsd: 520.0,
  },
  {
    name: 'standard-30',
    family: 'standard',
    vcpus: 30,
    memoryGib: 120,
    storageGib: [1024, 2048, 4096],
    monthlyUsd: 975.0,
  },
  {
    name: 'standard-60',
    family: 'standard',
    vcpus: 60,
    memoryGib: 240,
    storageGib: [1024, 2048, 4096],
    monthlyUsd: 1950.0,
  },
] as const;
export type PostgresSizeName = (typeof POSTGRES_SIZES)[number]['name'];
export const POSTGRES_SIZE_NAMES = POSTGRES_SIZES.map((s) => s.name) as [
  PostgresSizeName,
  ...PostgresSizeName[],
];
export const POSTGRES_FAMILIES = [
  { name: 'hobby', displayName: 'Hobby (burstable)' },
  { name: 'standard', displayName: 'Standard' },
] as const;

export function postgresSize(name: string) {
  return POSTGRES_SIZES.find((s) => s.name === name);
}

/** Storage is billed per GiB-month, per server. */
export const POSTGRES_STORAGE_GIB_MONTHLY_USD = 0.2;

export const POSTGRES_VERSIONS = ['16', '17', '18'] as const;
export type PostgresVersion = (typeof POSTGRES_VERSIONS)[number];
export const DEFAULT_POSTGRES_VERSION: PostgresVersion = '18';

/** Flavors and the versions each is built for (the origin's HEAD: decision 264). */
export const POSTGRES_FLAVORS = [
  { name: 'standard', displayName: 'PostgreSQL', versions: ['16', '17', '18'] },
  { name: 'lantern', displayName: 'Lantern', versions: ['16', '17'] },
] as const satisfies readonly {
  name: string;
  displayName: string;
  versions: readonly PostgresVersion[];
}[];
export type PostgresFlavorName = (typeof POSTGRES_FLAVORS)[number]['name'];
export const POSTGRES_FLAVOR_NAMES = POSTGRES_FLAVORS.map((f) => f.name) as [
  PostgresFlavorName,
  ...PostgresFlavorName[],
];
export const DEFAULT_POSTGRES_FLAVOR: PostgresFlavorName = 'standard';
/** A flavor no longer offered: databases made with it before keep working (not created any more). */
const RETIRED_POSTGRES_FLAVORS = [
  { name: 'paradedb', displayName: 'ParadeDB', versions: ['16', '17'] },
] as const;

export function postgresFlavor(name: string) {
  return (
    POSTGRES_FLAVORS.find((f) => f.name === name) ??
    RETIRED_POSTGRES_FLAVORS.find((f) => f.name === name)
  );
}

/** The origin's `default_version(flavor)`: the default if the flavor has it, else its newest. */
export function defaultPostgresVersion(flavor: string): PostgresVersion {
  const versions: readonly PostgresVersion[] =
    postgresFlavor(flavor)?.versions ?? POSTGRES_FLAVORS[0].versions;
  return versions.includes(DEFAULT_POSTGRES_VERSION)
    ? DEFAULT_POSTGRES_VERSION
    : versions.reduce((newest, version) => (Number(version) > Number(newest) ? version : newest));
}

/** High availability: how many standbys run beside the primary. */
export const POSTGRES_HA_TYPES = [
  {
    name: 'none',
    displayName: 'No standby',
    standbys: 0,
    description: 'One server. A failure means downtime until it is replaced from the backups.',
  },
  {
    name: 'async',
    displayName: 'One standby (asynchronous)',
    standbys: 1,
    description:
      'A standby replays the primary’s changes a moment later and takes over if the primary fails; the last moments of writes may be lost.',
  },
  {
    name: 'sync',
    displayName: 'Two standbys (synchronous)',
    standbys: 2,
    description:
      'A commit waits until a standby has it: no committed write is lost when the primary fails.',
  },
] as const;
export type PostgresHaTypeName = (typeof POSTGRES_HA_TYPES)[number]['name'];
export const POSTGRES_HA_TYPE_NAMES = POSTGRES_HA_TYPES.map((h) => h.name) as [
  PostgresHaTypeName,
  ...PostgresHaTypeName[],
];

export function postgresHaType(name: string) {
  return POSTGRES_HA_TYPES.find((h) => h.name === name);
}

/** The monthly list price of a database: every server (primary and standbys) with its storage. */
export function postgresMonthlyUsd(size: string, storageGib: number, haType: string): number {
  const s = postgresSize(size);
  const servers = 1 + (postgresHaType(haType)?.standbys ?? 0);
  if (!s) return 0;
  return servers * (s.monthlyUsd + storageGib * POSTGRES_STORAGE_GIB_MONTHLY_USD);
}

/**
 * Kubernetes (behaviour.md §7, §10): the versions a cluster may run (oldest first: an upgrade
 * moves to the next one) and the ones a new cluster may choose (the origin's
 * `selectable_kubernetes_versions`: its newest two), the locations where clusters run, the
 * control-plane node counts, and the sizes of control-plane and worker nodes (VM sizes, billed
 * as VMs; the services load balancer is free).
 */
export const KUBERNETES_KNOWN_VERSIONS = ['v1.33', 'v1.34', 'v1.35', 'v1.36'] as const;
export const KUBERNETES_VERSIONS = [
  'v1.35',
  'v1.36',
] as const satisfies readonly (typeof KUBERNETES_KNOWN_VERSIONS)[number][];
export type KubernetesVersion = (typeof KUBERNETES_KNOWN_VERSIONS)[number];
export const DEFAULT_KUBERNETES_VERSION: (typeof KUBERNETES_VERSIONS)[number] = 'v1.36';

/** The version an upgrade moves to, or undefined at the newest. */
export function nextKubernetesVersion(version: string): KubernetesVersion | undefined {
  const i = (KUBERNETES_KNOWN_VERSIONS as readonly string[]).indexOf(version);
  return i >= 0 ? KUBERNETES_KNOWN_VERSIONS[i + 1] : undefined;
}

export const KUBERNETES_LOCATIONS = [
  'eu-central-h1',
  'us-east-a2',
] as const satisfies readonly LocationName[];
export function isKubernetesLocation(name: string): boolean {
  return (KUBERNETES_LOCATIONS as readonly string[]).includes(name);
}
export const KUBERNETES_LOCATION_MESSAGE = `Kubernetes clusters are available in ${KUBERNETES_LOCATIONS.join(', ')} only.`;

export const KUBERNETES_CP_NODE_COUNTS = [1, 3] as const;
export const KUBERNETES_NODE_SIZES = MACHINE_SIZES;
export const KUBERNETES_NODE_SIZE_NAMES = MACHINE_SIZES.map((s) => s.name) as [string, ...string[]];
export const DEFAULT_KUBERNETES_NODE_SIZE: VmSizeName = 'standard-2';
/** The most worker nodes one node pool may hold (behaviour.md §13: a limit, refused as quotas are). */
export const KUBERNETES_MAX_POOL_NODES = 50;
/** Cluster and node pool names are at most 40 characters (behaviour.md §5). */
export const KUBERNETES_NAME_MAX = 40;

/** The monthly list price of a cluster: its control-plane nodes and the worker nodes of its pools. */
export function kubernetesMonthlyUsd(
  cp: { size: string; count: number },
  pools: readonly { size: string; count: number }[],
): number {
  const price = (p: { size: string; count: number }) => (vmSize(p.size)?.monthlyUsd ?? 0) * p.count;
  return price(cp) + pools.reduce((sum, p) => sum + price(p), 0);
}

/** The lists a database's capabilities are made of (the catalog's, unless a test gives others). */
export interface PostgresCatalog {
  flavors: readonly { name: string; displayName: string; versions: readonly string[] }[];
  locations: readonly { name: string; displayName: string }[];
  families: readonly { name: string; displayName: string }[];
  sizes: readonly {
    name: string;
    family: string;
    vcpus: number;
    memoryGib: number;
    storageGib: readonly number[];
    monthlyUsd: number;
  }[];
  haTypes: readonly { name: string; displayName: string; standbys: number; description: string }[];
}

const POSTGRES_CATALOG: PostgresCatalog = {
  flavors: POSTGRES_FLAVORS,
  locations: LOCATIONS,
  families: POSTGRES_FAMILIES,
  sizes: POSTGRES_SIZES,
  haTypes: POSTGRES_HA_TYPES,
};

const byName = <T extends { name: string }, V>(
  list: readonly T[],
  value: (t: T) => V,
): Record<string, V> => Object.fromEntries(list.map((t) => [t.name, value(t)]));

/**
 * What can be created where (`GET P/postgres/capabilities`), as the origin answers it: the
 * option tree flavor → (version, location → family → size → storage_size → ha_type), and the
 * display metadata of each choice.
 */
export function postgresCapabilities(catalog: PostgresCatalog = POSTGRES_CATALOG) {
  const family = byName(catalog.families, (fam) => ({
    size: byName(
      catalog.sizes.filter((s) => s.family === fam.name),
      (s) => ({
        storage_size: Object.fromEntries(
          s.storageGib.map((g) => [String(g), { ha_type: catalog.haTypes.map((h) => h.name) }]),
        ),
      }),
    ),
  }));
  return {
    option_tree: {
      flavor: byName(catalog.flavors, (f) => ({
        version: [...f.versions],
        location: byName(catalog.locations, () => ({ family })),
      })),
    },
    metadata: {
      flavor: byName(catalog.flavors, (f) => ({ display_name: f.displayName })),
      location: byName(catalog.locations, (l) => ({
        display_name: l.name,
        ui_name: l.displayName,
        provider: 'hetzner',
      })),
      // The origin's `category` and `vcpu`, beside our own fields.
      family: byName(catalog.families, (f) => ({
        display_name: f.displayName,
        category: f.name === 'hobby' ? 'shared' : 'dedicated',
      })),
      size: byName(catalog.sizes, (s) => ({
        display_name: s.name,
        vcpu: s.vcpus,
        vcpus: s.vcpus,
        memory_gib: s.memoryGib,
        monthly_usd: s.monthlyUsd,
      })),
      ha_type: byName(catalog.haTypes, (h) => ({
        display_name: h.displayName,
        standby_count: h.standbys,
        description: h.description,
      })),
    },
  };
}
