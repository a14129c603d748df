import { z } from 'zod';
import { requiredString } from '../errors.ts';
import { idPattern } from '../ids.ts';
import { route, type RouteList } from '../route-helpers.ts';
import { TOKEN_PREFIX } from './token.ts';

/**
 * A two-factor code as typed at sign-in: six digits from the authenticator app, or a recovery
 * code (any case; spaces and hyphens ignored). Needed once two-factor sign-in is on (decision 188).
 */
export const otpSchema = z
  .string({ error: 'Enter the code from your authenticator app.' })
  .max(64, 'Code is too long.');

/** `POST /api/login`: from a JSON body or the query string (the spec allows both). */
export const loginBodySchema = z
  .strictObject({
    login: z.string(requiredString('login')).min(1, 'login is required.').max(320),
    password: z.string(requiredString('password')).min(1, 'password is required.').max(1024),
    otp: otpSchema.optional(),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginSuccessSchema = z
  .strictObject({ success: z.literal('You have been logged in') })
  .meta({ id: 'LoginSuccess' });

export const logoutSuccessSchema = z
  .strictObject({ success: z.literal('You have been logged out') })
  .meta({ id: 'LogoutSuccess' });

export const PASSWORD_MIN = 8;
export const emailSchema = z
  .string({ error: 'Enter an e-mail address.' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid e-mail address.').max(320, 'E-mail address is too long.'));

const passwordTooShort = `Password must be at least ${PASSWORD_MIN} characters.`;
/** A new password: white space around it does not count towards its length, so one of spaces is too short. */
export const passwordSchema = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN, passwordTooShort)
  .max(256, 'Password must be at most 256 characters.')
  .refine((p) => p.length < PASSWORD_MIN || p.trim().length >= PASSWORD_MIN, passwordTooShort);

/** Console sign-up. */
export const signupBodySchema = z
  .strictObject({ email: emailSchema, password: passwordSchema })
  .meta({ id: 'SignupBody' });
export type SignupBody = z.infer<typeof signupBodySchema>;

/** Console sign-in (the API's login takes `login`; the console's form says e-mail). */
export const consoleLoginBodySchema = z
  .strictObject({
    email: z
      .string({ error: 'Enter your e-mail address.' })
      .trim()
      .toLowerCase()
      .min(1, 'Enter your e-mail address.')
      .max(320),
    password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024),
    otp: otpSchema.optional(),
  })
  .meta({ id: 'ConsoleLoginBody' });
export type ConsoleLoginBody = z.infer<typeof consoleLoginBodySchema>;

/**
 * Console sign-in with a personal access token instead of a password: offered only by a
 * console in front of another deployment (proxy mode, decision 238), whose tokens it is.
 */
export const consoleTokenLoginBodySchema = z
  .strictObject({
    token: z
      .string({ error: 'Paste a personal access token.' })
      .trim()
      .min(1, 'Paste a personal access token.')
      .max(512, 'This is too long for a personal access token.')
      .startsWith(TOKEN_PREFIX, `A personal access token starts with ${TOKEN_PREFIX}.`),
  })
  .meta({ id: 'ConsoleTokenLoginBody' });
export type ConsoleTokenLoginBody = z.infer<typeof consoleTokenLoginBodySchema>;

/** The ways this console signs in, for its sign-in page. */
export const signInMethodsSchema = z
  .strictObject({ password: z.boolean(), token: z.boolean() })
  .meta({ id: 'SignInMethods' });
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

export const accountSchema = z
  .strictObject({ id: z.string().regex(idPattern('account')), email: z.string() })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

/** What the console learns about its own session: never the token itself. */
export const consoleSessionSchema = z
  .strictObject({ account: accountSchema, csrf_token: z.string() })
  .meta({ id: 'ConsoleSession' });
export type ConsoleSession = z.infer<typeof consoleSessionSchema>;

export { CSRF_HEADER, SESSION_COOKIE } from '../wire.ts';

export const authRoutes = {
  // Sessions
  login: route({
    method: 'post',
    base: '/api',
    path: '/login',
    generation: 'current',
    auth: false,
    tag: 'Login',
    summary: 'Log in; the JWT is returned in the `authorization` response header',
    throttled: true,
    query: z.object(loginBodySchema.shape).partial(),
    body: loginBodySchema.optional(),
    response: loginSuccessSchema,
  }),
  logout: route({
    method: 'post',
    base: '/api',
    path: '/logout',
    generation: 'current',
    auth: true,
    tag: 'Login',
    summary: 'Revoke the session of the token used for this request',
    response: logoutSuccessSchema,
  }),

  // Console sessions (cookie based; not part of the public API document)
  consoleSignup: route({
    method: 'post',
    base: '/auth',
    path: '/signup',
    generation: 'current',
    auth: false,
    tag: 'Console',
    summary:
      'Create an account and mail the link that verifies its address (the same answer for an address that is taken)',
    throttled: true,
    body: signupBodySchema,
  }),
  consoleLogin: route({
    method: 'post',
    base: '/auth',
    path: '/login',
    generation: 'current',
    auth: false,
    tag: 'Console',
    summary: 'Sign in; sets the HttpOnly session cookie',
    throttled: true,
    body: consoleLoginBodySchema,
    response: z.strictObject({ account: accountSchema }),
  }),
  consoleTokenLogin: route({
    method: 'post',
    base: '/auth',
    path: '/token-login',
    generation: 'current',
    auth: false,
    tag: 'Console',
    summary:
      'Sign in with a personal access token of the upstream (proxy mode only); sets the HttpOnly session cookie',
    body: consoleTokenLoginBodySchema,
    response: z.strictObject({ account: accountSchema }),
  }),
  consoleSignInMethods: route({
    method: 'get',
    base: '/auth',
    path: '/methods',
    generation: 'current',
    auth: false,
    tag: 'Console',
    summary:
      'The ways this console signs in: a password always, a personal access token in proxy mode',
    response: signInMethodsSchema,
  }),
  consoleLogout: route({
    method: 'post',
    base: '/auth',
    path: '/logout',
    generation: 'current',
    auth: false,
    tag: 'Console',
    summary: 'Sign out; revokes the session and clears the cookie',
  }),
  consoleSession: route({
    method: 'get',
    base: '/auth',
    path: '/session',
    generation: 'current',
    auth: true,
    tag: 'Console',
    summary: 'The signed-in account and the CSRF token for unsafe requests',
    response: consoleSessionSchema,
  }),
} as const satisfies RouteList;
