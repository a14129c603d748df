// Middleware and one mount line per resource kind; nothing else.
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import helmet from 'helmet';
import { sql } from 'kysely';
import type { AppContext } from './context.ts';
import { mountDocs } from './http/docs.ts';
import { ApiError, errorMiddleware } from './http/errors.ts';
import { httpLogger } from './http/logging.ts';
import { mount } from './http/mount.ts';
import { authHandlers } from './resources/auth/auth.routes.ts';
import { firewallHandlers } from './resources/firewall/firewall.routes.ts';
import { privateSubnetHandlers } from './resources/private-subnet/private-subnet.routes.ts';
import { projectHandlers } from './resources/project/project.routes.ts';
import { vmHandlers } from './resources/vm/vm.routes.ts';

export function createApp(ctx: AppContext, opts: { webDir?: string } = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(httpLogger(ctx.logger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await sql`select 1`.execute(ctx.db);
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ error: { code: 503, type: 'ServiceUnavailable', message: 'Database unreachable.', details: null } });
    }
  });

  mountDocs(app);
  mount(app, ctx, authHandlers(ctx));
  mount(app, ctx, projectHandlers(ctx));
  mount(app, ctx, privateSubnetHandlers(ctx));
  mount(app, ctx, vmHandlers(ctx));
  mount(app, ctx, firewallHandlers(ctx));
  app.all(['/api', '/api/{*splat}', '/auth/{*splat}'], () => {
    throw new ApiError('ResourceNotFound', 'No such API endpoint.');
  });

  if (opts.webDir && fs.existsSync(path.join(opts.webDir, 'index.html'))) {
    const webDir = opts.webDir;
    app.use(express.static(webDir, { index: false, maxAge: '1h' }));
    app.get('/{*splat}', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(webDir, 'index.html'));
    });
  }

  app.use(errorMiddleware);
  return app;
}
