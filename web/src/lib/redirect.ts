import { searchParams, text, type Param } from './search-params.ts';

const upTo2048 = text(2048);

/**
 * Where to go after signing in: a path on this origin only (no `//host`, no `/\host`, no
 * scheme), so a crafted sign-in link cannot send the user elsewhere.
 */
export const redirectParam: Param<string> = (value) => {
  const v = upTo2048(value);
  return v !== undefined && v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')
    ? v
    : undefined;
};

export const authSearch = searchParams({ redirect: redirectParam });

export function afterSignIn(redirect: string | undefined): string {
  if (!redirect) return '/projects';
  const path = redirect.split(/[?#]/, 1)[0];
  // Never return to the sign-in pages themselves.
  return path === '/login' || path === '/signup' ? '/projects' : redirect;
}
