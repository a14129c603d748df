// On PostgreSQL a start that finds every trigger set current takes no lock (decision 253): it
// neither waits for a writer's open transaction nor stops writers. One out of date is replaced
// with its tables locked, after the writers before it commit.
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import { eventually } from '../../test/process.ts';
import { ensureTriggers } from './migrations.ts';

let t: TestServer;
let writer: pg.Client;
beforeAll(async () => {
  t = await startServer();
  writer = new pg.Client({ connectionString: t.config.databaseUrl });
  await writer.connect();
});
afterAll(async () => {
  await writer.end();
  await t.close();
});

describe('trigger sets on PostgreSQL', () => {
  it('are checked without waiting for a writer when current, and replaced after it when not', async () => {
    // A writer's open transaction on vm: it holds the lock every insert or update takes.
    await writer.query('begin');
    await writer.query('lock table vm in row exclusive mode');
    // Every set current: this returns while the writer's transaction is still open.
    expect(await ensureTriggers(t.ctx.db)).toBe(0);
    await writer.query('commit');

    // The event triggers of vm out of date (gone): remaking them waits for the writer.
    const { rows } = await sql<{
      name: string;
    }>`select tgname as name from pg_trigger where tgrelid = 'vm'::regclass and tgname like 'vm\\_ev\\_%'`.execute(
      t.ctx.db,
    );
    expect(rows).toHaveLength(1);
    await sql.raw(`drop trigger ${rows[0]!.name} on vm`).execute(t.ctx.db);
    await writer.query('begin');
    await writer.query('lock table vm in row exclusive mode');
    const ensuring = ensureTriggers(t.ctx.db);
    await eventually(async () => {
      const waiting = await writer.query(
        "select count(*)::int as n from pg_locks where locktype = 'relation' and relation = 'vm'::regclass and not granted",
      );
      return waiting.rows[0].n > 0 ? true : undefined;
    });
    await writer.query('commit');
    expect(await ensuring).toBe(1);
    const remade = await sql<{
      name: string;
    }>`select tgname as name from pg_trigger where tgrelid = 'vm'::regclass and tgname like 'vm\\_ev\\_%'`.execute(
      t.ctx.db,
    );
    expect(remade.rows.map((r) => r.name)).toEqual([rows[0]!.name]);
  });
});
