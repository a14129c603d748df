// The IDs of a database's firewall rules, log destinations and servers have the origin's shapes
// (decision 288, audit row 9): `fr…` (as the origin's firewall rules, and ours), `1d…` and
// `pv…`, so a client holding IDs from the origin's document works with them.
import { describe, expect, it } from 'vitest';
import { newId } from '#shared/ids';
import { expectSchema, serverForFile } from '../../../test/harness.ts';
import {
  at,
  createFirewall,
  createRule,
  expectCurrentError,
  expectInvalid,
  newOwner,
} from '../../../test/fixtures.ts';
import { auditLogSchema } from '#shared/api/audit';
import { postgresServerListSchema } from '#shared/api/postgres';
import { createPg, getPg, pgAt } from './postgres.fixtures.ts';

const t = await serverForFile();

// The origin's document's patterns (openapi.yml: firewall_rule_id, log_destination_id, server_ubid).
const ORIGIN = {
  firewallRule: /^fr[0-9a-hj-km-np-tv-z]{24}$/,
  logDestination: /^1d[0-9a-hj-km-np-tv-z]{24}$/,
  server: /^pv[0-9a-hj-km-np-tv-z]{24}$/,
};
/** An ID of the shape we gave before decision 288. */
const oldShape = (prefix: string) => prefix + newId('vm').slice(2);

describe('firewall rules', () => {
  it('are `fr…` in every answer, and are changed and deleted by that ID', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'ids', { size: 'hobby-1', restrict_by_default: true });
    const pgAtIds = pgAt(a.project, 'ids');
    const created = await t.call('createPostgresFirewallRule', {
      token: a.token,
      params: pgAtIds,
      body: { cidr: '203.0.113.0/24' },
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.id;
    expect(id).toMatch(ORIGIN.firewallRule);
    expect(
      (await getPg(t, a.token, a.project, 'ids')).body.firewall_rules.map((r) => r.id),
    ).toEqual([id, id]);
    expect(
      (await t.call('listPostgresFirewallRules', { token: a.token, params: pgAtIds })).body.items,
    ).toEqual([expect.objectContaining({ id })]);
    const ruleAt = { ...pgAtIds, postgres_firewall_rule_id: id };
    const patched = await t.call('updatePostgresFirewallRule', {
      token: a.token,
      params: ruleAt,
      body: { description: 'office' },
    });
    expect([patched.status, patched.body]).toEqual([
      200,
      { id, cidr: '203.0.113.0/24', description: 'office' },
    ]);

    // The audit log names it by that ID, as a PostgreSQL firewall rule; its action is the origin's `fr/…`.
    const audit = await t.call('listAuditLog', {
      token: a.token,
      params: { project_id: a.project },
      query: { object: id },
    });
    expect(
      expectSchema(auditLogSchema, audit.body).items.map((e) => [e.action, e.object?.kind]),
    ).toEqual([
      ['fr/update', 'postgresFirewallRule'],
      ['fr/create', 'postgresFirewallRule'],
    ]);

    expect(
      (await t.call('deletePostgresFirewallRule', { token: a.token, params: ruleAt })).status,
    ).toBe(204);
    expect(
      (await t.call('listPostgresFirewallRules', { token: a.token, params: pgAtIds })).body.items,
    ).toEqual([]);
  });

  it('refuses the `pf…` shape with a 400, and keeps a firewall’s `fr…` rules apart from a database’s', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'apart', { size: 'hobby-1', restrict_by_default: true });
    const pgAtApart = pgAt(a.project, 'apart');
    const pgRule = (
      await t.call('createPostgresFirewallRule', {
        token: a.token,
        params: pgAtApart,
        body: { cidr: '198.51.100.0/24' },
      })
    ).body;
    await createFirewall(t, a.token, a.project, 'web');
    const fwRule = await createRule(t, a.token, a.project, 'web', { cidr: '10.0.0.0/8' });
    expect(fwRule.id).toMatch(ORIGIN.firewallRule);

    const old = await t.call('updatePostgresFirewallRule', {
      token: a.token,
      params: { ...pgAtApart, postgres_firewall_rule_id: oldShape('pf') },
      body: { description: 'x' },
    });
    expect(expectInvalid('current', old, 'postgres_firewall_rule_id').details).toEqual({
      postgres_firewall_rule_id: 'Must be a PostgreSQL firewall rule ID.',
    });

    // A firewall's rule is no rule of the database, and the other way round.
    expectCurrentError(
      await t.call('updatePostgresFirewallRule', {
        token: a.token,
        params: { ...pgAtApart, postgres_firewall_rule_id: fwRule.id },
        body: { description: 'x' },
      }),
      404,
      'ResourceNotFound',
    );
    const fwRuleAt = { ...at(a.project), firewall_reference: 'web' };
    expectCurrentError(
      await t.call('getFirewallRule', {
        token: a.token,
        params: { ...fwRuleAt, firewall_rule_id: pgRule.id },
      }),
      404,
      'ResourceNotFound',
    );
    // Deleting the one by the other's route deletes nothing.
    await t.call('deletePostgresFirewallRule', {
      token: a.token,
      params: { ...pgAtApart, postgres_firewall_rule_id: fwRule.id },
    });
    await t.call('deleteFirewallRule', {
      token: a.token,
      params: { ...fwRuleAt, firewall_rule_id: pgRule.id },
    });
    expect(
      (
        await t.call('getFirewallRule', {
          token: a.token,
          params: { ...fwRuleAt, firewall_rule_id: fwRule.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.call('listPostgresFirewallRules', { token: a.token, params: pgAtApart })).body.items,
    ).toEqual([pgRule]);

    // A rule ID a client chooses for a firewall is unique across both kinds (decision 258).
    const taken = await t.call('createFirewallRuleWithId', {
      token: a.token,
      params: { ...fwRuleAt, firewall_rule_id: pgRule.id },
      body: { cidr: '198.51.100.0/24' },
    });
    expect(expectCurrentError(taken, 409, 'Conflict').message).toBe(
      'A firewall rule with this ID already exists with other content.',
    );

    // A database's rule is a rule of its firewall (decision 298): object-info answers it so.
    const info = async (object_id: string) =>
      (
        await t.call('getObjectInfo', {
          token: a.token,
          params: { project_id: a.project, object_id },
        })
      ).body.type;
    expect([await info(fwRule.id), await info(pgRule.id)]).toEqual([
      'firewall rule',
      'firewall rule',
    ]);
  });
});

describe('log destinations', () => {
  it('are `1d…`, deleted by that ID; the `ld…` shape is a 400', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'logs', { size: 'hobby-1' });
    const pgAtLogs = pgAt(a.project, 'logs');
    const created = await t.call('createPostgresLogDestination', {
      token: a.token,
      params: pgAtLogs,
      body: { name: 'otel', type: 'otlp', url: 'https://otlp.example.com/v1/logs' },
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.id;
    expect(id).toMatch(ORIGIN.logDestination);
    expect((await getPg(t, a.token, a.project, 'logs')).body.log_destinations).toEqual([
      expect.objectContaining({ id, name: 'otel' }),
    ]);

    const old = await t.call('deletePostgresLogDestination', {
      token: a.token,
      params: { ...pgAtLogs, log_destination_id: oldShape('ld') },
    });
    expect(expectInvalid('current', old, 'log_destination_id').details).toEqual({
      log_destination_id: 'Must be a log destination ID.',
    });
    expect(
      (
        await t.call('deletePostgresLogDestination', {
          token: a.token,
          params: { ...pgAtLogs, log_destination_id: id },
        })
      ).status,
    ).toBe(204);
    expect(
      (await t.call('listPostgresLogDestinations', { token: a.token, params: pgAtLogs })).body
        .items,
    ).toEqual([]);
  });
});

describe('servers', () => {
  it('are `pv…` with their VM’s ID’s body (log lines name them so: postgres-observe.test.ts)', async () => {
    const a = await newOwner(t);
    await createPg(t, a.token, a.project, 'srv', { size: 'standard-2', ha_type: 'async' });
    const pgAtSrv = pgAt(a.project, 'srv');
    const list = expectSchema(
      postgresServerListSchema,
      (await t.call('listPostgresServers', { token: a.token, params: pgAtSrv })).body,
    );
    expect(list.items).toHaveLength(2);
    const vms = await t.ctx.db
      .selectFrom('vm')
      .select('id')
      .where('service_of', '=', (await getPg(t, a.token, a.project, 'srv')).body.id)
      .execute();
    expect(list.items.map((s) => s.vm).sort()).toEqual(vms.map((v) => v.id).sort());
    for (const s of list.items) {
      expect(s.id).toMatch(ORIGIN.server);
      expect(s.id.slice(2)).toBe(s.vm.slice(2));
    }
  });
});
