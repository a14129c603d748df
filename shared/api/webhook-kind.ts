// A webhook in words, with no validation library: the kind's descriptor in webhook.ts and the
// console's settings page read them (decision 225).
import { type KindWords } from '../name-hint.ts';

export const WEBHOOK_WORDS = {
  singular: 'webhook',
  plural: 'webhooks',
} as const satisfies KindWords;
