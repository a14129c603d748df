// Location names in words, from the shared catalog (the one list of locations).
import { LOCATIONS } from '#shared/catalog';

/** "Germany" for `eu-central-h1`; an unknown name is shown as it is. */
export const locationLabel = (name: string) =>
  LOCATIONS.find((l) => l.name === name)?.displayName ?? name;

/** " in Germany" for a location filter, '' without one (for "No VMs match … in Germany."). */
export const inLocation = (location: string | undefined) =>
  location ? ` in ${locationLabel(location)}` : '';
