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
    const row = await t.ctx.db.selectFrom('vm').selectAll().where('project_id', '=', project).executeTakeFirstOrThrow();
    expect(await columnsOf(t.ctx.db, 'vm')).toEqual(Object.keys(row));
  });

  it('refuses a table that does not exist, and does not keep the refusal', async () => {
    await expect(columnsOf(t.ctx.db, 'columns_probe')).rejects.toThrow('no table columns_probe');
    await sql`create table columns_probe (id text primary key, n integer)`.execute(t.ctx.db);
    try {
      expect(await columnsOf(t.ctx.db, 'columns_probe')).toEqual(['id', 'n']);
    } finally {
      await sql`drop table columns_probe`.execute(t.ctx.db);
    }
  });
});
