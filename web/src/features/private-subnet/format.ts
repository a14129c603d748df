import { LOCATIONS } from '#shared/catalog';

/** "Germany" for `eu-central-h1`; an unknown name is shown as it is. */
export const locationLabel = (name: string) => LOCATIONS.find((l) => l.name === name)?.displayName ?? name;

/** A subnet's states that change on their own (the list and the detail poll while one shows). */
export const TRANSITIONAL_SUBNET_STATES = ['deleting'] as const;
export const isTransitional = (state: string) => (TRANSITIONAL_SUBNET_STATES as readonly string[]).includes(state);
