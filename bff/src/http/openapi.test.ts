import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentErrorSchema, legacyErrorSchema } from '#shared/errors';
import { newId } from '#shared/ids';
import { openApiDocument } from '#shared/openapi';
import { auditedActionsSource, routeMapSource } from '#shared/route-map';
import { routes } from '#shared/routes';
import { expectSchema, startServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

describe('OpenAPI document', () => {
  it('is committed and matches the route table (run `npm run openapi` after changing routes)', () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(openApiDocument());
  });

  it("is the source of the console's committed route map (run `npm run openapi` after changing routes)", () => {
    expect(
      readFileSync(new URL('../../../web/src/lib/route-map.gen.ts', import.meta.url), 'utf8'),
    ).toBe(routeMapSource());
    expect(
      readFileSync(new URL('../../../web/src/lib/audited-actions.gen.ts', import.meta.url), 'utf8'),
    ).toBe(auditedActionsSource());
  });

  it('is served at /api/openapi.json with every public route', async () => {
    const res = await t.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('0.1.0');
    for (const [operationId, r] of Object.entries(routes)) {
      if (r.base !== '/api') continue;
      expect(res.body.paths[r.path]?.[r.method]?.operationId, operationId).toBe(operationId);
    }
  });

  it('has a readable reference page served locally, without inline script', async () => {
    const page = await t.request('GET', '/api/docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/<script>(?!<\/script>)/);
    expect(page.text).not.toMatch(/https?:\/\//);
    expect((await t.request('GET', '/api/docs/swagger-ui-bundle.js')).status).toBe(200);
    expect((await t.request('GET', '/api/docs/init.js')).status).toBe(200);
    expect((await t.request('GET', '/api/docs')).status).toBe(301);
  });
});

describe('route table', () => {
  const project = newId('project');

  it('answers a malformed %-escape in a legacy path with a flat 400, elsewhere nested', async () => {
    const legacy = await t.request('GET', `/api/project/${project}/location/eu-central-h1/vm/%ZZ`);
    expect(legacy.status).toBe(400);
    expectSchema(legacyErrorSchema, legacy.body);
    const current = await t.request(
      'POST',
      `/api/project/${project}/location/eu-central-h1/vm/%ZZ/restart`,
    );
    expect(current.status).toBe(400);
    expectSchema(currentErrorSchema, current.body);
  });
});
