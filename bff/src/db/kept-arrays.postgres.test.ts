// On PostgreSQL two transactions writing NICs of one subnet at once make its kept text one
// after the other, the second from what the first committed (decision 252): the text holds
// both NICs. Only on PostgreSQL: SQLite has one writer.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubnet, newOwner } from '../../../test/fixtures.ts';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { eventually } from '../../../test/process.ts';

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

const insertNic = (c: pg.Client, subnet: string, n: number) =>
  c.query(`insert into nic (id, subnet_id, vm_id, name, private_ipv4, private_ipv6, created_at) values ($1, $2, null, $3, $4, $5, now()::text)`, [
    `nc${String(n).padStart(24, '0')}`,
    subnet,
    `nic-${n}`,
    `10.9.9.${n}`,
    `fd00::${n}`,
  ]);

describe('kept NICs on PostgreSQL', () => {
  it('hold both NICs written by two transactions at once', async () => {
    const { token, project } = await newOwner(t);
    const subnet = await createSubnet(t, token, project, 'busy');

    await first.query('begin');
    await insertNic(first, subnet.id, 1);
    await second.query('begin');
    const secondInsert = insertNic(second, subnet.id, 2);
    // The second waits for the first's subnet lock (pg_locks is read afresh on every query,
    // inside a transaction too).
    await eventually(async () => {
      const { rows } = await first.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 7302 and not granted");
      return rows[0].n > 0 ? true : undefined;
    });
    await first.query('commit');
    await secondInsert;
    await second.query('commit');

    const subnetNow = await t.call('listPrivateSubnets', { token, params: { project_id: project } });
    expect(subnetNow.body.items[0]!.nics.map((n) => n.name)).toEqual(['nic-1', 'nic-2']);
  });
});
