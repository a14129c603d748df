// Theme: follow the system unless the user picked light or dark (kept in localStorage).
// Applied as a class on <html>; there is no inline script (the CSP forbids it), so main.tsx
// applies it before the first render.
import { useSyncExternalStore } from 'react';

export type ThemeSetting = 'system' | 'light' | 'dark';
const KEY = 'console.theme';
const media = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

export function getThemeSetting(): ThemeSetting {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

export function resolvedTheme(setting = getThemeSetting()): 'light' | 'dark' {
  if (setting !== 'system') return setting;
  return media().matches ? 'dark' : 'light';
}

export function applyTheme(): void {
  const theme = resolvedTheme();
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
}

export function setThemeSetting(setting: ThemeSetting): void {
  try {
    if (setting === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, setting);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyTheme();
  for (const l of listeners) l();
}

/** Starts following the system setting; call once at start-up. */
export function initTheme(): void {
  applyTheme();
  media().addEventListener('change', () => {
    applyTheme();
    for (const l of listeners) l();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeSetting(): ThemeSetting {
  return useSyncExternalStore(subscribe, getThemeSetting);
}
