// Middleware and one mount line per resource kind (or, in proxy mode, the proxy); nothing else.
import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import type { OperationId } from '#shared/routes';
import type { AppContext } from './context.ts';
import { ApiError } from './errors.ts';
import { mountCli } from './cli/cli.handlers.ts';
import { mountDocs } from './http/docs.ts';
import { errorMiddleware } from './http/errors.ts';
import { mountHealth } from './http/health.ts';
import { mountStatic } from './http/static.ts';
import { mountProxy } from './proxy/proxy.ts';
import { mountViteDev } from './proxy/vite-dev.ts';
import { httpLogger } from './http/logging.ts';
import { mount } from './http/mount.ts';
import type { MountScope } from './http/handlers.ts';
import { mail } from './mail/mail.handlers.ts';
import { audit } from './audit/audit.handlers.ts';
import { usage } from './usage/usage.handlers.ts';
import { events } from './events/events.handlers.ts';
import { securityHeaders } from './http/security-headers.ts';
import { account } from './resources/account/account.handlers.ts';
import { auth } from './resources/auth/auth.handlers.ts';
import { firewall } from './resources/firewall/firewall.handlers.ts';
import { github } from './resources/github/github.handlers.ts';
import { mountGithubWebhook } from './resources/github/github.webhook.ts';
import type { ApiModule } from './resources/kind.ts';
import { kubernetes } from './resources/kubernetes/kubernetes.handlers.ts';
import { loadBalancer } from './resources/load-balancer/load-balancer.handlers.ts';
import { postgres } from './resources/postgres/postgres.index.ts';
import { privateSubnet } from './resources/private-subnet/private-subnet.handlers.ts';
import { member } from './resources/project/member.handlers.ts';
import { project } from './resources/project/project.handlers.ts';
import { objectInfoModule } from './resources/object-info/object-info.handlers.ts';
import { memberProject } from './resources/project/project.store.ts';
import { verification } from './resources/verification/verification.handlers.ts';
import { token } from './resources/token/token.handlers.ts';
import { sshPublicKey } from './resources/ssh-public-key/ssh-public-key.handlers.ts';
import { vm } from './resources/vm/vm.handlers.ts';
import { webhook } from './resources/webhook/webhook.handlers.ts';
import { instanceAndRetry } from './testmode/always.handlers.ts';
import { testMode } from './testmode/testmode.handlers.ts';

export function createApp(ctx: AppContext, opts: { webDir?: string } = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // req.secure, req.protocol, req.ip and req.host follow X-Forwarded-* only from these proxies.
  app.set('trust proxy', ctx.config.trustProxy);
  // API answers are no-store: nobody revalidates them, so no hash of every body (decision 150).
  // Static files keep their own ETags (serve-static).
  app.set('etag', false);
  app.use(httpLogger(ctx.logger));
  app.use(securityHeaders());
  // Answers of the API and of the console's session (errors too) may hold account data or
  // tokens: no browser or proxy keeps them.
  app.use(['/api', '/auth'], (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  mountHealth(app, ctx);
  // Proxy mode mounts the proxy instead of the kinds (decision 220).
  if (ctx.config.upstream) mountProxy(app, ctx);
  else mountApi(app, ctx);

  if (ctx.config.devViteUrl) mountViteDev(app, ctx.config.devViteUrl);
  else if (opts.webDir && fs.existsSync(path.join(opts.webDir, 'index.html'))) {
    mountStatic(app, opts.webDir);
  }

  app.use(errorMiddleware);
  return app;
}

/** The API and the console's session routes, served from this BFF's own database. */
function mountApi(app: Express, ctx: AppContext) {
  mountDocs(app);
  const scope: MountScope = { memberProject };
  const mountModule = <Ops extends OperationId>(definition: ApiModule<Ops>) =>
    mount(app, ctx, scope, definition.handlers(ctx));
  mountModule(auth);
  mountModule(project);
  mountModule(privateSubnet);
  mountModule(vm);
  mountModule(firewall);
  mountModule(loadBalancer);
  mountModule(postgres);
  mountModule(github);
  mountGithubWebhook(app, ctx);
  mountModule(kubernetes);
  mountModule(mail);
  mountModule(verification);
  mountModule(account);
  mountModule(token);
  mountModule(member);
  mountModule(sshPublicKey);
  mountModule(objectInfoModule);
  mountModule(audit);
  mountModule(usage);
  mountCli(app, ctx);
  mountModule(events);
  mountModule(webhook);
  mountModule(instanceAndRetry);
  // Without TEST_MODE=1 the _test routes are not there: the 404 of an unknown route.
  if (ctx.config.testMode) mountModule(testMode);
  app.all(['/api', '/api/{*splat}', '/auth/{*splat}'], () => {
    throw new ApiError('ResourceNotFound', 'No such API endpoint.');
  });
}
