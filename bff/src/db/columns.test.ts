// The shapes that read whole rows name the table's columns, read from the database once
// (decision 256): the same columns, in the same order, as `select *` reads.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createVm, newOwner } from '../../test/fixtures.ts';
import { serverForFile } from '../../test/harness.ts';
import { columnsOf } from './columns.ts';

const t = await serverForFile();

describe('columnsOf', () => {
  it('answers what select * reads, in order, for a table of every kind of column', async () => {
    const { token, project } = await newOwner(t);
    await createVm(t, token, project, 'whole');
    const row = await t.ctx.db
      .selectFrom('vm')
      .selectAll()
      .where('project_id', '=', project)
      .executeTakeFirstOrThrow();
    expect(await columnsOf(t.ctx.db, 'vm')).toEqual(Object.keys(row));
  });

  it('refuses a table that does not exist, does not keep the refusal, and includes generated columns', async () => {
    await expect(columnsOf(t.ctx.db, 'columns_probe')).rejects.toThrow('no table columns_probe');
    // A generated column too: `*` reads it (SQLite's pragma_table_info would leave it out).
    await sql`create table columns_probe (id text primary key, n integer, twice integer generated always as (n * 2) stored)`.execute(
      t.ctx.db,
    );
    try {
      await sql`insert into columns_probe (id, n) values ('a', 2)`.execute(t.ctx.db);
      const { rows } = await sql<Record<string, unknown>>`select * from columns_probe`.execute(
        t.ctx.db,
      );
      expect(await columnsOf(t.ctx.db, 'columns_probe')).toEqual(Object.keys(rows[0]!));
      expect(Object.keys(rows[0]!)).toEqual(['id', 'n', 'twice']);
    } finally {
      await sql`drop table columns_probe`.execute(t.ctx.db);
    }
  });
});
