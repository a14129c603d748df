// What sign-up, "send the link again" and "forgot password" mail, answering the same whatever
// the address (decision 166): whether an account exists shows only in the owner's mailbox.
import { RESET_PAGE, VERIFY_PAGE } from '#shared/api/verification';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { passwordResetMail, signupAgainMail, verifyAddressMail } from '../../mail/templates.ts';
import { createAccount, findAccountByEmail, hashPassword } from '../auth/account.store.ts';
import { issueLink } from './verification.store.ts';

/** An absolute link to a console page, on the console's public address (decision 165). */
export const consoleLink = (ctx: AppContext, page: string, token?: string) =>
  `${ctx.publicUrl}${page}${token === undefined ? '' : `#${token}`}`;

async function mailVerifyLink(ctx: AppContext, account: { id: string; email: string }) {
  const token = await issueLink(ctx.db, account.id, 'verify');
  await ctx.mailer.send({
    to: account.email,
    ...verifyAddressMail(consoleLink(ctx, VERIFY_PAGE, token)),
  });
}

/**
 * Sign-up: a new address gets an unverified account and a verification link. A verified
 * address's owner is told that someone signed up again. An address not verified yet belongs
 * to nobody so far: the latest sign-up's password replaces the earlier one, and a new link goes out.
 */
export async function signUpByMail(
  ctx: AppContext,
  email: string,
  password: string,
): Promise<void> {
  const existing = await findAccountByEmail(ctx.db, email);
  if (existing?.email_verified_at) {
    // The same password hashing as a new sign-up, so the answer's timing tells nothing either.
    await hashPassword(password);
    await ctx.mailer.send({
      to: existing.email,
      ...signupAgainMail(consoleLink(ctx, '/login'), consoleLink(ctx, '/forgot-password')),
    });
    return;
  }
  let account: { id: string; email: string };
  if (existing) {
    const passwordHash = await hashPassword(password);
    await ctx.db
      .updateTable('account')
      .set({ password_hash: passwordHash })
      .where('id', '=', existing.id)
      .where('email_verified_at', 'is', null)
      .execute();
    account = existing;
  } else {
    try {
      account = await createAccount(ctx.db, email, password);
    } catch (err) {
      // Two sign-ups with one new address at once: the other one mails the link.
      if (isUniqueViolation(err)) return;
      throw err;
    }
  }
  await mailVerifyLink(ctx, account);
}

/** "Send the link again": a new link for an account not verified yet; nothing for any other address. */
export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  const account = await findAccountByEmail(ctx.db, email);
  if (account && !account.email_verified_at) await mailVerifyLink(ctx, account);
}

/** "Forgot password": a reset link for the address's account; nothing for an unknown address. */
export async function mailPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const account = await findAccountByEmail(ctx.db, email);
  if (!account) return;
  const token = await issueLink(ctx.db, account.id, 'reset');
  await ctx.mailer.send({
    to: account.email,
    ...passwordResetMail(consoleLink(ctx, RESET_PAGE, token)),
  });
}
