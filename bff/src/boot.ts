// Builds everything a server needs from a config: database, migrations, keys, admin, app,
// and the lifecycle worker (started by the caller once it serves).
// Used by server.ts and by the tests, so both run the same start-up.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino, type Logger } from 'pino';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { EventHub } from './events/hub.ts';
import { makeThrottles } from './auth/throttle.ts';
import { migrate } from './db/migrations.ts';
import { loadJwtKey } from './keys.ts';
import { loadSealKeys } from './seal.ts';
import { SimulatedDataPlane } from './lifecycle/simulated.ts';
import { Worker } from './lifecycle/worker.ts';
import { testModeHooks } from './testmode/hooks.ts';
import { makeMailer } from './mail/mailer.ts';
import { ensureAdmin } from './resources/auth/account.store.ts';

export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export async function boot(config: Config, logger: Logger = pino({ level: config.logLevel })) {
  const { db, engine, where } = openDatabase({
    ...config,
    onError: (err) => logger.warn({ err }, 'database connection lost'),
  });
  await migrate(db);
  await loadSealKeys(db, logger);
  const ctx: AppContext = {
    db,
    engine,
    config,
    logger,
    jwtKey: await loadJwtKey(db, config.jwtSecret),
    throttles: makeThrottles(db, config.limits),
    mailer: makeMailer(config, db, logger),
    // Replaced by the address the server really listens on once it does (port 0 picks one).
    publicUrl:
      config.publicUrl ??
      `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
    wakeWorker: () => {},
    events: new EventHub({
      db,
      engine,
      databaseUrl: config.databaseUrl,
      pollMs: config.events.pollMs,
      logger,
    }),
  };
  // Proxy mode keeps no resources, so no jobs to run (decision 220).
  const worker: Pick<Worker, 'start' | 'stop' | 'wake'> = config.upstream
    ? { start: async () => {}, stop: async () => {}, wake: () => {} }
    : new Worker({
        db,
        engine,
        logger,
        delayMs: config.provisionDelayMs,
        provider: new SimulatedDataPlane(db, `sim@${process.pid}`),
        hooks: config.testMode ? testModeHooks(db) : undefined,
        committed: () => ctx.events.poke(),
      });
  ctx.wakeWorker = () => worker.wake();
  if (config.adminEmail && config.adminPassword) {
    if (await ensureAdmin(db, config.adminEmail, config.adminPassword)) {
      logger.info({ email: config.adminEmail }, 'created the admin account');
    }
  }
  const app = createApp(ctx, { webDir: WEB_DIR });
  return { ctx, app, where, worker };
}
