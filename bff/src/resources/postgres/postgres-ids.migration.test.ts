// Migration 0111 (decision 288) on a database holding IDs of the shapes given before it: `pf…`
// firewall rules and `ld…` log destinations, named by audit entries and by a create's stored
// answer. After it (and 0114, which moves the rules into the database's firewall, decision 298),
// the server answers them by their new IDs (`fr…`, `1d…`), the same bodies.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/route-helpers';
import { allMigrations } from '../../db/migrations.ts';
import { placeDatabases } from './postgres.tables.ts';
import { sharedDatabaseForFile } from '../../../test/harness.ts';
import { at, createFirewall, createRule, newOwner } from '../../../test/fixtures.ts';
import { createPg, getPg, pgAt } from './postgres.fixtures.ts';

const { boot, stop, open } = await sharedDatabaseForFile();

/**
 * Writes the database as a server before migration 0111 left it: the old prefixes, and the
 * rule in the database's own table (before 0114) rather than in its firewall.
 */
async function toOldShapes(ruleId: string) {
  const db = open();
  const [row] = (
    await sql<{
      cidr: string;
      description: string;
      created_at: string;
      postgres_id: string;
    }>`select r.cidr, r.description, r.created_at, p.id as postgres_id from firewall_rule r
      join firewall f on f.id = r.firewall_id join postgres p on f.name = p.id || '-firewall'
      where r.id = ${ruleId}`.execute(db)
  ).rows;
  await sql`delete from firewall_rule where firewall_id in (select id from firewall where name = ${`${row!.postgres_id}-firewall`})`.execute(
    db,
  );
  await sql`insert into postgres_firewall_rule (id, postgres_id, cidr, description, created_at)
    values (${ruleId}, ${row!.postgres_id}, ${row!.cidr}, ${row!.description}, ${row!.created_at})`.execute(
    db,
  );
  const back = (table: string, col: string, from: string, to: string, kind?: string) => {
    const c = sql.ref(col);
    return sql`update ${sql.table(table)} set ${c} = ${to} || substr(${c}, 3)
      where substr(${c}, 1, 2) = ${from} ${kind ? sql`and object_kind = ${kind}` : sql``}`.execute(
      db,
    );
  };
  await back('postgres_firewall_rule', 'id', 'fr', 'pf');
  await back('postgres_log_destination', 'id', '1d', 'ld');
  await back('audit_entry', 'object_id', 'fr', 'pf', 'postgresFirewallRule');
  await back('audit_entry', 'object_id', '1d', 'ld', 'postgresLogDestination');
  const stored = await db
    .selectFrom('idempotency_key')
    .select(['account_id', 'body'])
    .where('key', '=', 'rule-1')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('idempotency_key')
    .set({ body: stored.body!.replace('"id":"fr', '"id":"pf') })
    .where('account_id', '=', stored.account_id)
    .where('key', '=', 'rule-1')
    .execute();
  await db.destroy();
}

/** Runs migrations 0111 and 0114's move on it, as a server upgraded past them does (the others have run already). */
async function migrate0111() {
  const db = open();
  await allMigrations()['0111_origin_postgres_ids']!.up(db as never);
  await placeDatabases(db as never);
  await db.destroy();
}

it('answers the rules and destinations stored as `pf…` and `ld…` by their `fr…` and `1d…` IDs', async () => {
  const before = await boot();
  const a = await newOwner(before);
  await createPg(before, a.token, a.project, 'kept', {
    size: 'hobby-1',
    restrict_by_default: true,
  });
  const kept = pgAt(a.project, 'kept');
  const ruleBody = { cidr: '203.0.113.0/24', description: 'office' };
  const rule = await before.call('createPostgresFirewallRule', {
    token: a.token,
    params: kept,
    body: ruleBody,
    headers: { [IDEMPOTENCY_KEY_HEADER]: 'rule-1' },
  });
  expect(rule.status, rule.text).toBe(200);
  const dest = (
    await before.call('createPostgresLogDestination', {
      token: a.token,
      params: kept,
      body: { name: 'otel', type: 'otlp', url: 'https://otlp.example.com/v1/logs' },
    })
  ).body;
  // A firewall's own rule is `fr…` before and after: the migration leaves it alone.
  await createFirewall(before, a.token, a.project, 'web');
  const fwRule = await createRule(before, a.token, a.project, 'web', { cidr: '10.0.0.0/8' });
  const answered = (await getPg(before, a.token, a.project, 'kept')).body;
  await stop(before);

  await toOldShapes(rule.body.id);
  const db = open();
  const stored = await sql<{ id: string }>`select id from postgres_firewall_rule`.execute(db);
  expect(stored.rows.map((r) => r.id.slice(0, 2))).toEqual(['pf']);
  await db.destroy();
  await migrate0111();

  const after = await boot();
  const token = await after.login(a.email, a.password);
  expect((await getPg(after, token, a.project, 'kept')).body).toMatchObject({
    firewall_rules: answered.firewall_rules,
    log_destinations: answered.log_destinations,
  });
  expect(
    (
      await after.call('updatePostgresFirewallRule', {
        token,
        params: { ...kept, postgres_firewall_rule_id: rule.body.id },
        body: { description: 'vpn' },
      })
    ).body,
  ).toEqual({ ...rule.body, description: 'vpn' });
  // The create sent again with its key answers as the first time: the new ID.
  const again = await after.call('createPostgresFirewallRule', {
    token,
    params: kept,
    body: ruleBody,
    headers: { [IDEMPOTENCY_KEY_HEADER]: 'rule-1' },
  });
  expect([again.status, again.body]).toEqual([200, rule.body]);
  // The audit log finds the entries by the new IDs.
  const entries = async (object: string) =>
    (
      await after.call('listAuditLog', {
        token,
        params: { project_id: a.project },
        query: { object },
      })
    ).body.items.map((e) => [e.action, e.object?.id]);
  expect(await entries(rule.body.id)).toEqual([
    ['fr/update', rule.body.id],
    ['fr/create', rule.body.id],
  ]);
  expect(await entries(dest.id)).toEqual([['1d/create', dest.id]]);
  expect(await entries(fwRule.id)).toEqual([['fr/create', fwRule.id]]);
  expect(
    (
      await after.call('getFirewallRule', {
        token,
        params: { ...at(a.project), firewall_reference: 'web', firewall_rule_id: fwRule.id },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await after.call('deletePostgresLogDestination', {
        token,
        params: { ...kept, log_destination_id: dest.id },
      })
    ).status,
  ).toBe(204);
  expect(
    (await after.call('listPostgresLogDestinations', { token, params: kept })).body.items,
  ).toEqual([]);
});
