// On PostgreSQL two transactions writing children of one owner at once make its kept text one
// after the other, the second from what the first committed (decisions 252, 255): the text
// holds both children. For each kept array: a subnet's NICs, a firewall's rules. Only on
// PostgreSQL: SQLite has one writer.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirewall, createSubnet, newOwner } from '../../test/fixtures.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { eventually } from '../../test/process.ts';

let t: TestServer;
let first: pg.Client;
let second: pg.Client;
beforeAll(async () => {
  t = await startServer();
  first = new pg.Client({ connectionString: t.config.databaseUrl });
  second = new pg.Client({ connectionString: t.config.databaseUrl });
  await Promise.all([first.connect(), second.connect()]);
});
afterAll(async () => {
  await Promise.all([first.end(), second.end()]);
  await t.close();
});

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(24, '0')}`;

/** Two transactions each insert a child of `owner` with `insert`; the second waits for the first's lock of class `lockClass`. */
async function twoAtOnce(lockClass: number, insert: (c: pg.Client, n: number) => Promise<unknown>) {
  await first.query('begin');
  await insert(first, 1);
  await second.query('begin');
  const secondInsert = insert(second, 2);
  // pg_locks is read afresh on every query, inside a transaction too.
  await eventually(async () => {
    const { rows } = await first.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = $1 and not granted", [lockClass]);
    return rows[0].n > 0 ? true : undefined;
  });
  await first.query('commit');
  await secondInsert;
  await second.query('commit');
}

describe('kept arrays on PostgreSQL', () => {
  it('a subnet’s NICs: both NICs written by two transactions at once', async () => {
    const { token, project } = await newOwner(t);
    const subnet = await createSubnet(t, token, project, 'busy');
    await twoAtOnce(7302, (c, n) =>
      c.query(`insert into nic (id, subnet_id, vm_id, name, private_ipv4, private_ipv6, created_at) values ($1, $2, null, $3, $4, $5, now()::text)`, [
        id('nc', n),
        subnet.id,
        `nic-${n}`,
        `10.9.9.${n}`,
        `fd00::${n}`,
      ]),
    );
    const list = await t.call('listPrivateSubnets', { token, params: { project_id: project } });
    expect(list.body.items[0]!.nics.map((n) => n.name)).toEqual(['nic-1', 'nic-2']);
  });

  it('a firewall’s rules: both rules written by two transactions at once', async () => {
    const { token, project } = await newOwner(t);
    const fw = (await createFirewall(t, token, project, 'busy')) as { id: string };
    await twoAtOnce(7303, (c, n) =>
      c.query(`insert into firewall_rule (id, firewall_id, cidr, port_start, port_end, protocol, description, created_at) values ($1, $2, $3, 22, 22, 'tcp', '', now()::text)`, [
        id('fr', n),
        fw.id,
        `10.${n}.0.0/16`,
      ]),
    );
    const list = await t.call('listFirewalls', { token, params: { project_id: project } });
    expect(list.body.items[0]!.firewall_rules.map((r) => r.cidr)).toEqual(['10.1.0.0/16', '10.2.0.0/16']);
  });
});
