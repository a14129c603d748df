// Outgoing mail. Code that sends a mail calls `ctx.mailer.send`; where it goes (an SMTP server,
// or the development outbox the console shows) is the mailer's business.
import { newId } from '#shared/ids';
import type { Db } from '../db/database.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Keeps every mail in the `mail_outbox` table (development, no SMTP configured). */
export function outboxMailer(db: Db): Mailer {
  return {
    async send(m) {
      await db
        .insertInto('mail_outbox')
        .values({ id: newId('mail'), to_address: m.to, subject: m.subject, text: m.text, html: m.html ?? null, created_at: new Date().toISOString() })
        .execute();
    },
  };
}
