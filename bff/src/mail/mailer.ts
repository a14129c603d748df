// Outgoing mail. Code that sends a mail calls `ctx.mailer.send`; where it goes (an SMTP server,
// or the development outbox the console shows) is the mailer's business (decision 165).
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { newId } from '#shared/ids';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The project a mail is about (an invitation): test mode's outbox shows it to the project's admins. */
  projectId?: string;
}

export interface Mailer {
  /** Stores the mail (outbox) or hands it to delivery (SMTP); never throws for a failed delivery. */
  send(message: MailMessage): Promise<void>;
}

/** The console page that shows the development outbox. */
export const OUTBOX_PAGE = '/dev/outbox';

/** Keeps every mail in the `mail_outbox` table (development, no SMTP configured). */
export function outboxMailer(db: Db, logger: Logger): Mailer {
  return {
    async send(m) {
      await db
        .insertInto('mail_outbox')
        .values({
          id: newId('mail'),
          to_address: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? null,
          project_id: m.projectId ?? null,
          created_at: new Date().toISOString(),
        })
        .execute();
      logger.info(
        { to: m.to, subject: m.subject },
        `mail kept in the development outbox (${OUTBOX_PAGE})`,
      );
    },
  };
}

/** Waits before the second and third delivery attempts. */
export const SMTP_RETRY_DELAYS_MS = [5_000, 60_000];

/**
 * Sends through the SMTP server of `url`. Delivery runs after `send` returns, so a slow or
 * failing server never holds up or fails the request that mailed: each failed attempt is
 * logged, tried again after SMTP_RETRY_DELAYS_MS, and given up on (logged as an error) after
 * the last one.
 */
export function smtpMailer(
  url: string,
  from: string,
  logger: Logger,
  retryDelaysMs = SMTP_RETRY_DELAYS_MS,
): Mailer {
  // nodemailer is loaded with the first message, not at start (decision 239).
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));
  const deliver = async (m: MailMessage, attempt: number): Promise<void> => {
    try {
      await (
        await transportOf()
      ).sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      logger.info({ to: m.to, subject: m.subject, attempt }, 'mail sent');
    } catch (err) {
      const delay = retryDelaysMs[attempt - 1];
      // The error only: the message holds single-use links.
      const error = err instanceof Error ? err.message : String(err);
      if (delay === undefined) {
        logger.error({ to: m.to, subject: m.subject, attempt, error }, 'mail not sent: giving up');
        return;
      }
      logger.warn(
        { to: m.to, subject: m.subject, attempt, error, retryInMs: delay },
        'mail not sent: trying again',
      );
      setTimeout(() => void deliver(m, attempt + 1), delay).unref();
    }
  };
  return {
    async send(m) {
      void deliver(m, 1);
    },
  };
}

/** SMTP when SMTP_URL is set, else the development outbox. */
export function makeMailer(config: Config, db: Db, logger: Logger): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom, logger)
    : outboxMailer(db, logger);
}

/** Where mail goes, for the start-up log; an SMTP URL's credentials are left out. */
export function mailTransportLine(config: Config, consoleUrl: string): string {
  if (!config.smtpUrl)
    return `kept in the development outbox at ${consoleUrl}${OUTBOX_PAGE} (set SMTP_URL to send it)`;
  const u = new URL(config.smtpUrl);
  return `sent through SMTP at ${u.protocol}//${u.host}`;
}
