// Proxy mode (decision 220): the console's sessions of a BFF in front of another deployment.
// Each holds the upstream's token for its user, sealed (AES-256-GCM, bound to the session's id),
// so the browser only ever holds this BFF's own session cookie.
import type { Kysely, Migration } from 'kysely';

export interface ProxySessionTable {
  /** A session ID (`se…`), the `sid` of the cookie's JWT. */
  id: string;
  /** The upstream's account: its ID and e-mail address, as its own session route answered them. */
  account_id: string;
  email: string;
  /** The upstream token (a JWT from its login, or a personal access token), sealed. */
  token_sealed: string;
  /** `login`: the token came from the upstream's login, so sign-out logs it out there too; `token`: pasted by the user. */
  source: 'login' | 'token';
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface ProxyTables {
  proxy_session: ProxySessionTable;
}

export const proxyMigrations: Record<string, Migration> = {
  '0070_proxy_session': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('proxy_session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('token_sealed', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
    },
  },
};
