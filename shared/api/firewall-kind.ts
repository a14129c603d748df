// A firewall's rules in words, with no validation library: the kind's descriptor in
// firewall.ts and the console's pages read them (decision 225).
import { nameHint, type KindWords } from '../name-hint.ts';

export const FIREWALL_WORDS = {
  singular: 'firewall',
  plural: 'firewalls',
} as const satisfies KindWords;
export const FIREWALL_NAME_HINT = nameHint(63, 'location');
