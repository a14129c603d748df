import { privateSubnetKind } from '#shared/api/private-subnet';

/** A subnet's states that change on their own (the list and the detail poll while one shows). */
export const TRANSITIONAL_SUBNET_STATES = privateSubnetKind.transitionalStates;
export const isTransitional = (state: string) => TRANSITIONAL_SUBNET_STATES.includes(state);
