import { PRIVATE_SUBNET_TRANSITIONAL_STATES } from '#shared/api/private-subnet-kind';

/** A subnet's states that change on their own (the list and the detail poll while one shows). */
export const TRANSITIONAL_SUBNET_STATES = PRIVATE_SUBNET_TRANSITIONAL_STATES;
export const isTransitional = (state: string) => TRANSITIONAL_SUBNET_STATES.includes(state);
