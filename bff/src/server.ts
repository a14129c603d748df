// config → database → migrations → HTTP server + worker; graceful shutdown on SIGTERM.
import { pino } from 'pino';
import { boot } from './boot.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { claimDataDir } from './db/data-dir-lock.ts';
import { listen } from './http/listen.ts';
import { mailTransportLine } from './mail/mailer.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = pino({ level: config.logLevel });
  // The embedded database belongs to one process (one worker); PostgreSQL is shared.
  const releaseDataDir = config.databaseUrl ? undefined : claimDataDir(config.dataDir);
  const { ctx, app, where, worker } = await boot(config, logger);
  const server = await listen(app, config, config.port, config.host);
  await worker.start();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  ctx.publicUrl = config.publicUrl ?? url;
  const accounts = await ctx.db
    .selectFrom('account')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const signIn = config.adminEmail
    ? `sign in as ${config.adminEmail} (ADMIN_PASSWORD)`
    : Number(accounts.n) === 0
      ? config.signup === 'open'
        ? `create your account at ${url}/signup`
        : 'sign-up is closed: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first account'
      : `sign in at ${url}/login`;
  // The handlers are in place before the banner: whoever reads it may stop the server at once.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 30 s; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    // Open event streams would hold the server open forever: end them (their clients reconnect
    // with Last-Event-ID, to this server's successor or another process).
    ctx.events.endStreams();
    server.close(async () => {
      try {
        await worker.stop();
        await ctx.events.close();
        await ctx.db.destroy();
        releaseDataDir?.();
        logger.info('stopped');
        process.exit(0);
      } catch (err) {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      }
    });
    // Connections whose last request just finished become idle: close them as they do.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const mail = mailTransportLine(config, ctx.publicUrl);
  console.log(
    `Cloud console listening on ${url} (API: ${url}/api, reference: ${url}/api/docs/)\nDatabase: ${where}\nMail: ${mail}\nTo start: ${config.upstream ? `sign in at ${url}/login with an account of ${config.upstream.apiUrl} (proxy mode)` : signIn}`,
  );
  logger.info({ url, database: where, mail, codeCache: config.codeCache }, 'listening');
  // Never mistaken for a real instance: failures can be injected and accounts made at will.
  if (config.testMode) {
    console.log(
      `TEST MODE is on: ${url}/api/_test and ${url}/api/project/{id}/_test are open (docs/testing.md); not for real use`,
    );
    logger.warn('test mode is on');
  }
}

main().catch((err: unknown) => {
  console.error(`Start failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
