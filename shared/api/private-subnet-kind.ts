// A private subnet's transitional states, with no validation library: the console's list needs
// them on the first screen for its polling; the kind's descriptor in private-subnet.ts uses
// them (decision 225).
// Its words and name hint are stated here once too, for the descriptor and the console's pages.
import { nameHint, type KindWords } from '../name-hint.ts';

/** States a subnet passes through on its own; the console polls while one is on screen. */
export const PRIVATE_SUBNET_TRANSITIONAL_STATES: readonly string[] = ['deleting'];

export const PRIVATE_SUBNET_WORDS = {
  singular: 'private subnet',
  plural: 'private subnets',
} as const satisfies KindWords;
/** Under the networking pages, the console's list says less. */
export const PRIVATE_SUBNET_SHORT_WORDS = {
  singular: 'subnet',
  plural: 'subnets',
} as const satisfies KindWords;
export const PRIVATE_SUBNET_NAME_HINT = nameHint(63, 'location');
