import type { KeyObject } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db, Engine } from './db/database.ts';
import { Throttle } from './http/throttle.ts';

/** What every handler module receives: built once in server.ts (or a test). */
export interface AppContext {
  db: Db;
  engine: Engine;
  config: Config;
  jwtKey: KeyObject;
  logger: Logger;
  throttles: { account: Throttle; ip: Throttle };
  /** Tells the lifecycle worker that a job was enqueued (committed). */
  wakeWorker: () => void;
}

export const LOGIN_THROTTLE = {
  account: { limit: 5, windowMs: 15 * 60_000 },
  ip: { limit: 50, windowMs: 15 * 60_000 },
};

export function makeThrottles(): AppContext['throttles'] {
  return { account: new Throttle(LOGIN_THROTTLE.account), ip: new Throttle(LOGIN_THROTTLE.ip) };
}
