// Every mail the BFF sends: subject, plain text and a simple HTML part, in one place. Links
// are absolute, built on the console's public address (decision 165).
import type { MailMessage } from './mailer.ts';

export type MailContent = Omit<MailMessage, 'to'>;

interface Action {
  label: string;
  url: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A mail of a few paragraphs and actions (links), written once for both parts. */
export function composeMail(
  subject: string,
  paragraphs: string[],
  actions: Action[],
  footer: string,
): MailContent {
  const text =
    [...paragraphs, ...actions.map((a) => `${a.label}:\n${a.url}`), footer].join('\n\n') + '\n';
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = (a: Action) =>
    `<p style="margin:0 0 16px"><a href="${escapeHtml(a.url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(a.label)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:12px;color:#475569">Or open this address: <a href="${escapeHtml(a.url)}">${escapeHtml(a.url)}</a></p>`;
  const html =
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;color:#0f172a;max-width:560px">' +
    paragraphs.map(p).join('') +
    actions.map(button).join('') +
    `<p style="margin:24px 0 0;font-size:12px;color:#475569">${escapeHtml(footer)}</p></body></html>`;
  return { subject, text, html };
}

const IGNORE = 'If you did not ask for this, you can ignore this mail.';

export function verifyAddressMail(link: string): MailContent {
  return composeMail(
    'Verify your e-mail address',
    [
      'Welcome to the cloud console. Confirm that this address is yours to finish creating your account.',
      'The link works once and expires in 24 hours.',
    ],
    [{ label: 'Verify my e-mail address', url: link }],
    IGNORE,
  );
}

export function signupAgainMail(signInLink: string, resetLink: string): MailContent {
  return composeMail(
    'Your e-mail address was used to sign up again',
    [
      'Someone tried to create a new cloud console account with this e-mail address, which already has one. No new account was made and your account is unchanged.',
      'If it was you, sign in instead. If you forgot your password, you can choose a new one.',
    ],
    [
      { label: 'Sign in', url: signInLink },
      { label: 'Forgot your password?', url: resetLink },
    ],
    'If it was not you, you can ignore this mail.',
  );
}

export function passwordResetMail(link: string): MailContent {
  return composeMail(
    'Reset your password',
    [
      'Someone asked to reset the password of your cloud console account. Choose a new password with the link below.',
      'The link works once and expires in 1 hour. Every session of your account will be signed out.',
    ],
    [{ label: 'Choose a new password', url: link }],
    `${IGNORE} Your password stays as it is.`,
  );
}
