// The signed-in account's own page (console only, cookie session): password, sessions and
// two-factor sign-in with TOTP (decisions 187–190).
import { z } from 'zod';
import { idOf, route, type RouteList } from '../route-helpers.ts';
import { passwordSchema } from './auth.ts';

/** How many single-use recovery codes an enrolment (or a regeneration) hands out. */
export const RECOVERY_CODE_COUNT = 10;

const currentPassword = z
  .string({ error: 'Enter your password.' })
  .min(1, 'Enter your password.')
  .max(1024);
const code = z
  .string({ error: 'Enter the code from your authenticator app.' })
  .trim()
  .min(1, 'Enter the code from your authenticator app.')
  .max(64, 'Code is too long.');

export const accountSessionSchema = z
  .strictObject({
    id: z.string(),
    created_at: z.string(),
    last_seen_at: z.string(),
    expires_at: z.string(),
    /** The session of the request itself. */
    current: z.boolean(),
    /** The browser or client that signed in, as it said (`User-Agent`), and from where. */
    user_agent: z.string().nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountOverviewSchema = z
  .strictObject({
    id: z.string(),
    email: z.string(),
    created_at: z.string(),
    two_factor: z.strictObject({
      enabled: z.boolean(),
      enabled_at: z.string().nullable(),
      /** Unused recovery codes left. */
      recovery_codes_left: z.number().int(),
    }),
  })
  .meta({ id: 'AccountOverview' });
export type AccountOverview = z.infer<typeof accountOverviewSchema>;

export const changePasswordBodySchema = z
  .strictObject({ current_password: currentPassword, new_password: passwordSchema })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** What turning two-factor sign-in on starts from: the password, so a stolen session cannot do it. */
export const twoFactorBeginBodySchema = z
  .strictObject({ password: currentPassword })
  .meta({ id: 'TwoFactorBeginBody' });
export type TwoFactorBeginBody = z.infer<typeof twoFactorBeginBodySchema>;

export const twoFactorEnrolmentSchema = z
  .strictObject({
    /** The shared secret in base32, for typing into an app that cannot scan. */
    secret: z.string(),
    /** The `otpauth://totp/…` URI the QR code holds. */
    uri: z.string(),
    /** The QR code of `uri`, an SVG image as a `data:` URL. */
    qr_code: z.string(),
  })
  .meta({ id: 'TwoFactorEnrolment' });
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorConfirmBodySchema = z
  .strictObject({ code })
  .meta({ id: 'TwoFactorConfirmBody' });
export type TwoFactorConfirmBody = z.infer<typeof twoFactorConfirmBodySchema>;

/** Turning two-factor off or replacing the recovery codes: the password and a code (a recovery code works too). */
export const twoFactorStepUpBodySchema = z
  .strictObject({ password: currentPassword, code })
  .meta({ id: 'TwoFactorStepUpBody' });
export type TwoFactorStepUpBody = z.infer<typeof twoFactorStepUpBodySchema>;

export const recoveryCodesSchema = z
  .strictObject({ recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const revokedSessionsSchema = z
  .strictObject({ revoked_sessions: z.number().int() })
  .meta({ id: 'RevokedSessions' });

/** The caller's address as the server sees it (through a trusted proxy, decision 259): the console's "My IP". */
export const clientAddressSchema = z
  .strictObject({
    address: z.string(),
    /** The address as a one-host CIDR (/32 or /128), ready for a firewall rule. */
    cidr: z.string(),
    family: z.enum(['ipv4', 'ipv6']),
  })
  .meta({ id: 'ClientAddress' });
export type ClientAddress = z.infer<typeof clientAddressSchema>;

const own = { base: '/auth', generation: 'current', auth: true, tag: 'Console' } as const;

export const accountRoutes = {
  getClientAddress: route({
    ...own,
    method: 'get',
    path: '/account/client-address',
    summary: 'The address this request came from, for a firewall rule ("My IP")',
    response: clientAddressSchema,
  }),
  getAccount: route({
    ...own,
    method: 'get',
    path: '/account',
    summary: 'The signed-in account and whether two-factor sign-in is on',
    response: accountOverviewSchema,
  }),
  changePassword: route({
    ...own,
    method: 'post',
    path: '/account/password',
    summary: 'Change the password (the current one is required); every other session is signed out',
    throttled: true,
    body: changePasswordBodySchema,
    response: revokedSessionsSchema,
  }),
  listAccountSessions: route({
    ...own,
    method: 'get',
    path: '/account/sessions',
    summary: 'The live sessions of the account, the current one marked',
    response: z.strictObject({ items: z.array(accountSessionSchema) }),
  }),
  revokeAccountSession: route({
    ...own,
    method: 'delete',
    path: '/account/sessions/{session_id}',
    summary: 'Sign one other session out, at once',
    params: z.strictObject({ session_id: idOf('session', 'session') }),
  }),
  revokeOtherAccountSessions: route({
    ...own,
    method: 'post',
    path: '/account/sessions/revoke-others',
    summary: 'Sign out every session but the current one',
    response: revokedSessionsSchema,
  }),
  beginTwoFactor: route({
    ...own,
    method: 'post',
    path: '/account/two-factor/begin',
    summary:
      'Start turning two-factor sign-in on: a new secret, its URI and QR code (needs the password)',
    throttled: true,
    body: twoFactorBeginBodySchema,
    response: twoFactorEnrolmentSchema,
  }),
  confirmTwoFactor: route({
    ...own,
    method: 'post',
    path: '/account/two-factor/confirm',
    summary:
      'Turn two-factor sign-in on with a code of the new secret; answers the recovery codes, once',
    body: twoFactorConfirmBodySchema,
    response: recoveryCodesSchema,
  }),
  disableTwoFactor: route({
    ...own,
    method: 'post',
    path: '/account/two-factor/disable',
    summary: 'Turn two-factor sign-in off (needs the password and a code)',
    throttled: true,
    body: twoFactorStepUpBodySchema,
  }),
  regenerateRecoveryCodes: route({
    ...own,
    method: 'post',
    path: '/account/two-factor/recovery-codes',
    summary:
      'Replace the recovery codes (needs the password and a code); answers the new ones, once',
    throttled: true,
    body: twoFactorStepUpBodySchema,
    response: recoveryCodesSchema,
  }),
} as const satisfies RouteList;
