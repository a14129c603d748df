// An SSH public key in words, with no validation library: the kind's descriptor in
// ssh-public-key.ts and the console's settings page read them (decision 225).
import { type KindWords } from '../name-hint.ts';

export const SSH_PUBLIC_KEY_WORDS = {
  singular: 'SSH public key',
  plural: 'SSH public keys',
} as const satisfies KindWords;
/** In the console's settings, where every key is an SSH public key, the list says less. */
export const SSH_PUBLIC_KEY_SHORT_WORDS = {
  singular: 'SSH key',
  plural: 'SSH keys',
} as const satisfies KindWords;
