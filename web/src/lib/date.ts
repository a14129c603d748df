const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "23 Nov 2026, 10:00 UTC". */
export const formatUtc = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
