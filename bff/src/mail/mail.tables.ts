// Mails sent by the BFF: kept in the outbox when no SMTP server is configured (development).
import type { Kysely, Migration } from 'kysely';

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  /** The project it is about (testmode/testmode.tables.ts); null for account mails. */
  project_id?: string | null;
  created_at: string;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}

export const mailMigrations: Record<string, Migration> = {
  '0022_mail_outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('mail_outbox_to_idx')
        .on('mail_outbox')
        .columns(['to_address', 'id'])
        .execute();
    },
  },
};
