// One polite aria-live region that exists from the start (screen readers only announce
// changes to live regions already in the page), for state changes that finish on their own.
import { useSyncExternalStore } from 'react';

let message = '';
const listeners = new Set<() => void>();

/** Says `text` to screen-reader users (a repeat of the same text is announced again). */
export function announce(text: string): void {
  // Toggle a trailing no-break space so the same text twice is still a change.
  message = message === text ? `${text}\u00a0` : text;
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function LiveAnnouncer() {
  const text = useSyncExternalStore(subscribe, () => message);
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      role="log"
      className="sr-only"
      data-testid="live-announcer"
    >
      {text}
    </div>
  );
}
