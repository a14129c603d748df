// Whether a CSS media query matches, kept current: for layouts that differ in markup, not only
// in style (a table on a wide screen, cards on a phone).
import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint (40rem): below it is a phone. */
export const SM_UP = '(min-width: 40rem)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
