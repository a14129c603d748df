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
