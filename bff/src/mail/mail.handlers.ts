// The development outbox: what the BFF would have mailed, for whoever runs it on this machine.
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import type { Handlers } from '../http/handlers.ts';
import { apiModule } from '../resources/kind.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export const mail = apiModule({ handlers: mailHandlers });

function mailHandlers(ctx: AppContext): Handlers<'listOutbox'> {
  return {
    // Only with no SMTP server (mails are then not sent at all) and only from this machine:
    // the outbox holds every account's links. Anything else sees no such endpoint.
    async listOutbox({ query, req }) {
      if (ctx.config.smtpUrl || !LOOPBACK.test(req.socket.remoteAddress ?? '')) throw notFound();
      let q = ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(100);
      if (query.to) q = q.where('to_address', '=', query.to.trim().toLowerCase());
      const rows = await q.execute();
      return {
        items: rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          text: r.text,
          html: r.html,
          created_at: r.created_at,
        })),
      };
    },
  };
}
