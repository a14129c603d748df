// E-mail verification and password reset (console only, not in the public API document).
// The mailed links open console pages, which post their token here (decision 166).
import { z } from 'zod';
import { route, type RouteList } from '../route-helpers.ts';
import { accountSchema, emailSchema, passwordSchema } from './auth.ts';

/** Console pages the mailed links open; the token travels in the fragment, which no server sees. */
export const VERIFY_PAGE = '/verify-email';
export const RESET_PAGE = '/reset-password';

/** Sign-in refused until the address is verified (the console offers to send the link again). */
/** The token of a mailed link to `page` (`https://…/verify-email#<token>`) in a mail's text, if it holds one (tests read mails with it). */
export function linkToken(text: string, page: string): string | undefined {
  return new RegExp(`https?://[^\\s/]+${page}#([\\w-]+)`).exec(text)?.[1];
}

export const UNVERIFIED_MESSAGE =
  'Verify your e-mail address first: follow the link we mailed you.';
export const BAD_LINK_MESSAGE = 'This link has expired or was already used. Ask for a new one.';

const tokenSchema = z
  .string({ error: 'The link is incomplete.' })
  .min(1, 'The link is incomplete.')
  .max(200, 'The link is not valid.');

export const verifyEmailBodySchema = z
  .strictObject({ token: tokenSchema })
  .meta({ id: 'VerifyEmailBody' });
export const emailOnlyBodySchema = z
  .strictObject({ email: emailSchema })
  .meta({ id: 'EmailOnlyBody' });
export type EmailOnlyBody = z.infer<typeof emailOnlyBodySchema>;
export const resetPasswordBodySchema = z
  .strictObject({ token: tokenSchema, password: passwordSchema })
  .meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const verificationRoutes = {
  verifyEmail: route({
    method: 'post',
    base: '/auth',
    path: '/verify-email',
    generation: 'current',
    auth: false,
    tag: 'Console',
    summary:
      "Verify the address with the mailed link's token; completes sign-up and signs in (sets the session cookie)",
    body: verifyEmailBodySchema,
    response: z.strictObject({ account: accountSchema }),
  }),
  resendVerification: route({
    method: 'post',
    base: '/auth',
    path: '/verify-email/resend',
    generation: 'current',
    auth: false,
    tag: 'Console',
    summary:
      'Mail a new verification link to an unverified address (the same answer for any address; throttled per address)',
    throttled: true,
    body: emailOnlyBodySchema,
  }),
  forgotPassword: route({
    method: 'post',
    base: '/auth',
    path: '/password/forgot',
    generation: 'current',
    auth: false,
    tag: 'Console',
    summary:
      "Mail a password reset link to the address's account (the same answer for any address; throttled per address)",
    throttled: true,
    body: emailOnlyBodySchema,
  }),
  resetPassword: route({
    method: 'post',
    base: '/auth',
    path: '/password/reset',
    generation: 'current',
    auth: false,
    tag: 'Console',
    summary:
      "Set a new password with the mailed link's token; signs out every session of the account",
    body: resetPasswordBodySchema,
  }),
} as const satisfies RouteList;
