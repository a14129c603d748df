// How the Tokens page says a token's expiry, and turns the form's choice into `expires_at`.
import { formatUtc } from '#web/lib/date.ts';

/** The form's expiry choices: a number of days from now, a date, or never. */
export const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
  { value: 'date', label: 'On a date…' },
  { value: 'never', label: 'Never' },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

/** Today in UTC as `YYYY-MM-DD` (the date field's minimum is tomorrow). */
export const utcDay = (offsetDays = 0, now = new Date()) =>
  new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** `expires_at` for a choice: N days from now, the end of the chosen day (UTC), or null. */
export function expiresAt(choice: ExpiryChoice, date: string, now = new Date()): string | null {
  if (choice === 'never') return null;
  if (choice === 'date') return `${date}T23:59:59Z`;
  return new Date(now.getTime() + Number(choice) * 86_400_000).toISOString();
}

/** "Never", "Expired 23 Nov 2026, 10:00 UTC" or the time. */
export function expiryText(
  expires: string | null,
  now = Date.now(),
): { text: string; expired: boolean } {
  if (expires === null) return { text: 'Never', expired: false };
  const expired = Date.parse(expires) <= now;
  return { text: formatUtc(expires), expired };
}
