import type { KeyObject } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db, Engine } from './db/database.ts';
import type { EventHub } from './events/hub.ts';
import type { Throttles } from './auth/throttle.ts';
import type { Mailer } from './mail/mailer.ts';

/** What every handler module receives: built once in server.ts (or a test). */
export interface AppContext {
  db: Db;
  engine: Engine;
  config: Config;
  jwtKey: KeyObject;
  logger: Logger;
  throttles: Throttles;
  /** Outgoing mail (mail/mailer.ts). */
  mailer: Mailer;
  /** The console's address in mailed links: PUBLIC_URL, else the address the server listens on (decision 165). */
  publicUrl: string;
  /** The project events committed, for streams and webhooks (events/hub.ts). */
  events: EventHub;
  /** Tells the lifecycle worker that a job was enqueued (committed). */
  wakeWorker: () => void;
}
