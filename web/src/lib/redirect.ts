import { z } from 'zod';

/**
 * Where to go after signing in: a path on this origin only (no `//host`, no `/\host`, no
 * scheme), so a crafted sign-in link cannot send the user elsewhere.
 */
export const redirectSchema = z
  .string()
  .max(2048)
  .refine((v) => v.startsWith('/') && !v.startsWith('//') && !v.includes('\\'), 'Not a local path.');

export const authSearchSchema = z.object({
  redirect: redirectSchema.optional().catch(undefined),
});

export function afterSignIn(redirect: string | undefined): string {
  if (!redirect) return '/projects';
  const path = redirect.split(/[?#]/, 1)[0];
  // Never return to the sign-in pages themselves.
  return path === '/login' || path === '/signup' ? '/projects' : redirect;
}
