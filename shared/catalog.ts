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

/** VM sizes: vCPU, memory, storage (behaviour.md §9) and list prices (USD per month, 730 h). */
export const VM_SIZES = [
  { name: 'standard-2', vcpus: 2, memoryGib: 8, storageGib: 40, monthlyUsd: 26.0 },
  { name: 'standard-4', vcpus: 4, memoryGib: 16, storageGib: 80, monthlyUsd: 52.0 },
  { name: 'standard-8', vcpus: 8, memoryGib: 32, storageGib: 160, monthlyUsd: 104.0 },
  { name: 'standard-16', vcpus: 16, memoryGib: 64, storageGib: 320, monthlyUsd: 208.0 },
] as const;
export type VmSizeName = (typeof VM_SIZES)[number]['name'];
export const VM_SIZE_NAMES = VM_SIZES.map((s) => s.name) as [VmSizeName, ...VmSizeName[]];
export const DEFAULT_VM_SIZE: VmSizeName = 'standard-2';

export function vmSize(name: string) {
  return VM_SIZES.find((s) => s.name === name);
}

export const BOOT_IMAGES = [
  { name: 'ubuntu-jammy', displayName: 'Ubuntu 22.04 LTS (Jammy)' },
  { name: 'almalinux-9.1', displayName: 'AlmaLinux 9.1' },
] as const;
export type BootImageName = (typeof BOOT_IMAGES)[number]['name'];
export const BOOT_IMAGE_NAMES = BOOT_IMAGES.map((b) => b.name) as [BootImageName, ...BootImageName[]];
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
