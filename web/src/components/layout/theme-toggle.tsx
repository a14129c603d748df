import { setThemeSetting, useThemeSetting, type ThemeSetting } from '#web/lib/theme.ts';

const NEXT: Record<ThemeSetting, ThemeSetting> = { system: 'light', light: 'dark', dark: 'system' };
const NAME: Record<ThemeSetting, string> = { system: 'system', light: 'light', dark: 'dark' };

/** Cycles system → light → dark. The name says the current setting and what a click does. */
export function ThemeToggle() {
  const setting = useThemeSetting();
  const label = `Theme: ${NAME[setting]}. Switch to ${NAME[NEXT[setting]]}`;
  return (
    <button
      type="button"
      onClick={() => setThemeSetting(NEXT[setting])}
      aria-label={label}
      title={label}
      className="inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-5"
        aria-hidden="true"
      >
        {setting === 'light' ? (
          <>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
          </>
        ) : setting === 'dark' ? (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
        ) : (
          <>
            <rect x="3" y="4" width="18" height="12" rx="2" />
            <path d="M8 20h8M12 16v4" />
          </>
        )}
      </svg>
    </button>
  );
}
