// Helpers of the PostgreSQL API tests (not a test file itself).
import { expect } from 'vitest';
import type { BodyInputOf, ResponseOf } from '#shared/routes';
import type { TestServer } from '../../../test/harness.ts';
import { LOC, P, pollUntil } from '../../../test/fixtures.ts';

export const pgAt = (project_id: string, ref: string, location = LOC) => ({
  project_id,
  location,
  postgres_database_reference: ref,
});
export const pgPath = (project: string, ref: string, loc = LOC) =>
  `${P(project)}/location/${loc}/postgres/${ref}`;

export async function createPg(
  server: TestServer,
  token: string,
  project: string,
  name: string,
  body: Partial<BodyInputOf<'createPostgresDatabase'>> = {},
  loc = LOC,
) {
  const res = await server.call('createPostgresDatabase', {
    token,
    params: pgAt(project, name, loc),
    body: { size: 'standard-2', ...body },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function getPg(
  server: TestServer,
  token: string,
  project: string,
  ref: string,
  loc = LOC,
) {
  return server.call('getPostgresDatabase', { token, params: pgAt(project, ref, loc) });
}

export async function waitForPgState(
  server: TestServer,
  token: string,
  project: string,
  ref: string,
  state: string,
  loc = LOC,
): Promise<ResponseOf<'getPostgresDatabase'>> {
  const res = await pollUntil(
    () => getPg(server, token, project, ref, loc),
    (r) => r.status === 200 && r.body.state === state,
    `database ${ref} to be ${state}`,
    500,
  );
  return res.body;
}

/** A database that reached running. */
export async function runningPg(
  server: TestServer,
  token: string,
  project: string,
  name: string,
  body: Partial<BodyInputOf<'createPostgresDatabase'>> = {},
  loc = LOC,
) {
  await createPg(server, token, project, name, body, loc);
  return waitForPgState(server, token, project, name, 'running', loc);
}

/** Moves the database's first run (and so its first backup) back in time: it has history to show, days pass in the simulation. */
export async function ranSince(server: TestServer, id: string, msAgo: number) {
  await server.ctx.db
    .updateTable('postgres')
    .set({ running_since: new Date(Date.now() - msAgo).toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Every row that belongs to the project's databases (equal snapshots: nothing changed). */
export async function pgSnapshot(server: TestServer, project: string) {
  const { db } = server.ctx;
  const pgs = await db
    .selectFrom('postgres')
    .selectAll()
    .where('project_id', '=', project)
    .orderBy('id')
    .execute();
  const ids = ['', ...pgs.map((p) => p.id)];
  const [rules, metrics, logs, servers, vms] = await Promise.all([
    // Its rules are its firewall's (decision 298): every rule of the project's firewalls.
    db
      .selectFrom('firewall_rule')
      .innerJoin('firewall', 'firewall.id', 'firewall_rule.firewall_id')
      .selectAll('firewall_rule')
      .where('firewall.project_id', '=', project)
      .orderBy('firewall_rule.id')
      .execute(),
    db
      .selectFrom('postgres_metric_destination')
      .selectAll()
      .where('postgres_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('postgres_log_destination')
      .selectAll()
      .where('postgres_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('postgres_server')
      .selectAll()
      .where('postgres_id', 'in', ids)
      .orderBy('vm_id')
      .execute(),
    db
      .selectFrom('vm')
      .select(['id', 'size', 'storage_size_gib'])
      .where('project_id', '=', project)
      .orderBy('id')
      .execute(),
  ]);
  return { pgs, rules, metrics, logs, servers, vms };
}
