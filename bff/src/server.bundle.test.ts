// What `npm start` runs: the BFF bundled into one file by esbuild (decisions 114 and 239), every
// package inside it but a few, which it loads from node_modules (some only on first use). The
// other tests run the TypeScript sources; this one takes the bundle through a user's first steps.
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_SIZE_NAMES } from '#shared/catalog';
import { SSH_KEY } from '../test/fixtures.ts';
import { ADMIN, apiClient, eventually, loginToken, serverProcesses } from '../test/process.ts';
// @ts-expect-error -- a plain ES module of the build scripts
import { buildBff, OUT } from '../../scripts/build-bff.mjs';
// @ts-expect-error -- a plain ES module of the start scripts
import { cacheFileOf } from '../../scripts/run-bundle.mjs';

/** What `npm start` runs. */
const START = [new URL('../../scripts/start.mjs', import.meta.url).pathname];

describe('the bundled server (npm start)', () => {
  const servers = serverProcesses();
  // A hang guard, not a speed check: esbuild takes seconds on a busy machine.
  beforeAll(async () => {
    await buildBff();
    fs.rmSync(cacheFileOf(OUT) as string, { force: true });
  }, 120_000);

  it('keeps a code cache after its first start, and the next start, compiled from it, signs in, creates and lists, makes certificates and QR codes, serves the reference, refuses bad JSON, and stops cleanly', async () => {
    const first = servers.start({ LOG_LEVEL: 'info' }, START);
    await first.listening;
    await first.waitFor(/"codeCache":"made"/);
    await eventually(async () => (fs.existsSync(cacheFileOf(OUT) as string) ? true : undefined));
    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const server = servers.start({ LOG_LEVEL: 'info' }, START);
    const base = await server.listening;
    await server.waitFor(/"codeCache":"used"/);

    // Signing a session's token loads jose on first use.
    const token = await loginToken(base, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    expect(token.split('.')).toHaveLength(3);
    const api = apiClient(base, token);

    const project = await api('POST', '/project', { name: 'bundled' });
    expect(project.status).toBe(200);
    const P = `/project/${project.body.id as string}/location/eu-central-h1`;

    const vm = await api('POST', `${P}/vm/web-1`, { public_key: SSH_KEY });
    expect(vm).toMatchObject({ status: 200, body: { name: 'web-1', state: 'creating' } });
    const vms = await api('GET', `/project/${project.body.id as string}/vm`);
    expect(vms.body).toMatchObject({ count: 1, items: [{ name: 'web-1' }] });

    // A database's root CA: @peculiar/x509, loaded on first use.
    const pg = await api('POST', `${P}/postgres/db-1`, { size: POSTGRES_SIZE_NAMES[0] });
    expect(pg.status).toBe(200);
    expect(new X509Certificate(pg.body.ca_certificates as string).ca).toBe(true);

    const post = (path: string, body: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });

    // Two-factor enrolment's QR code (a console route, outside /api): qrcode, loaded on first use.
    const enrolment = await post(
      '/auth/account/two-factor/begin',
      JSON.stringify({ password: ADMIN.ADMIN_PASSWORD }),
    );
    expect(enrolment.status).toBe(200);
    const { qr_code } = (await enrolment.json()) as { qr_code: string };
    expect(
      Buffer.from(qr_code.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString(),
    ).toContain('<svg');

    // The bundled JSON parser answers malformed JSON with the spec's error body.
    const bad = await post('/api/project', '{"name":');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { type: 'InvalidRequest' } });

    // Swagger UI's files come from their package beside the bundle.
    const docs = await fetch(`${base}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui');

    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
