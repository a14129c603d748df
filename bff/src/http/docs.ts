// The readable API reference: Swagger UI from the swagger-ui-dist package, served locally.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
// Only its path: the package's main module loads the whole UI bundle (200 ms at start, decision 114).
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';
import { openApiDocument } from '#shared/openapi';

const here = path.dirname(fileURLToPath(import.meta.url));

export function mountDocs(app: Express): void {
  // Made on its first request: the server starts sooner and holds it only once it is asked for.
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get('/api/openapi.json', (_req, res) => {
    res.json((document ??= openApiDocument()));
  });
  // Non-strict routing matches `/api/docs` and `/api/docs/` alike: relative asset URLs need the slash.
  app.get('/api/docs', (req, res) => {
    if (!req.path.endsWith('/')) return res.redirect(301, '/api/docs/');
    res.sendFile(path.join(here, 'docs/index.html'));
  });
  app.get('/api/docs/init.js', (_req, res) => res.sendFile(path.join(here, 'docs/init.js')));
  app.use('/api/docs', express.static(getAbsoluteFSPath(), { index: false }));
}
