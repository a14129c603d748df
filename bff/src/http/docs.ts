// The readable API reference: Swagger UI from the swagger-ui-dist package, served locally.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import swaggerUi from 'swagger-ui-dist';
import { openApiDocument } from '#shared/openapi';

const here = path.dirname(fileURLToPath(import.meta.url));

export function mountDocs(app: Express): void {
  const document = openApiDocument();
  app.get('/api/openapi.json', (_req, res) => {
    res.json(document);
  });
  // Non-strict routing matches `/api/docs` and `/api/docs/` alike: relative asset URLs need the slash.
  app.get('/api/docs', (req, res) => {
    if (!req.path.endsWith('/')) return res.redirect(301, '/api/docs/');
    res.sendFile(path.join(here, 'docs/index.html'));
  });
  app.get('/api/docs/init.js', (_req, res) => res.sendFile(path.join(here, 'docs/init.js')));
  app.use('/api/docs', express.static(swaggerUi.getAbsoluteFSPath(), { index: false }));
}
