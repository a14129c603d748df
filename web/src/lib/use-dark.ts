// Whether the page is dark now: the class the theme code sets on <html> (it follows both the
// user's choice and, under "system", the system's setting), watched so charts redraw at once.
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

export function useDark(): boolean {
  return useSyncExternalStore(subscribe, () => document.documentElement.classList.contains('dark'));
}
