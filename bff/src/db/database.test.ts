// Rows read through the database layer (decision 231: on SQLite, raw rows made into objects
// by a builder compiled per statement) are the objects the driver always gave.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../test/harness.ts';

const t = await serverForFile();

describe('rows read from the database', () => {
  it('follow a column added after the statement was first run, on the same connection', async () => {
    const db = t.ctx.db;
    const table = sql.table(`rows_${Math.random().toString(36).slice(2, 10)}`);
    await sql`create table ${table} (id integer primary key, name text not null)`.execute(db);
    try {
      await sql`insert into ${table} (id, name) values (1, 'a'), (2, 'b')`.execute(db);
      const read = async () =>
        (await sql<Record<string, unknown>>`select * from ${table} order by id`.execute(db)).rows;
      expect(await read()).toEqual([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ]);
      await sql`alter table ${table} add column extra text`.execute(db);
      // The same SQL text (a cached statement) now has three columns.
      expect(await read()).toEqual([
        { id: 1, name: 'a', extra: null },
        { id: 2, name: 'b', extra: null },
      ]);
    } finally {
      await sql`drop table ${table}`.execute(db);
    }
  });

  it('keep odd column names as own properties, the last of two with one name winning', async () => {
    const [row] = (
      await sql<
        Record<string, unknown>
      >`select 1 as "__proto__", 2 as "a b", 3 as "x", 4 as "x", 'it''s' as "q""uote"`.execute(
        t.ctx.db,
      )
    ).rows;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row!)).toEqual(['__proto__', 'a b', 'x', 'q"uote']);
    expect(row!['__proto__']).toBe(1);
    expect(row!['a b']).toBe(2);
    expect(row!.x).toBe(4);
    expect(row!['q"uote']).toBe("it's");
  });
});
