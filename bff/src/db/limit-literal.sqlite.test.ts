// A statement ending in `limit ?` runs with its limit written into the text (decision 250):
// the same rows as the bound limit gives, for every limit and offset, on the reader and inside
// a transaction on the writer; a limit that is not a plain integer keeps its parameter.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limit-literal-'));
const { db } = openDatabase({ dataDir: dir });
await sql`create table t (n integer primary key, tag text not null)`.execute(db);
await db.transaction().execute(async (tx) => {
  for (let n = 1; n <= 30; n++)
    await sql`insert into t (n, tag) values (${n}, ${n % 2 ? 'odd' : 'even'})`.execute(tx);
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

type T = { t: { n: number; tag: string } };
const tdb = db.withTables<T>();
const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

describe('a statement ending in limit ?', () => {
  it('answers the rows of each limit, one after another on the same text', async () => {
    for (const limit of [1, 10, 3, 30, 31, 0, 10]) {
      const rows = await tdb
        .selectFrom('t')
        .select('n')
        .where('tag', '=', 'odd')
        .orderBy('n')
        .limit(limit)
        .execute();
      expect(rows.map((r) => r.n)).toEqual(
        range(1, 30)
          .filter((n) => n % 2)
          .slice(0, limit),
      );
    }
  });

  it('keeps its offset a parameter, after the limit', async () => {
    for (const [limit, offset] of [
      [5, 0],
      [5, 5],
      [10, 25],
      [2, 40],
    ] as const) {
      const rows = await tdb
        .selectFrom('t')
        .select('n')
        .orderBy('n')
        .limit(limit)
        .offset(offset)
        .execute();
      expect(rows.map((r) => r.n)).toEqual(range(offset + 1, Math.min(30, offset + limit)));
    }
  });

  it('reads what its own transaction wrote, on the writer', async () => {
    await expect(
      db.transaction().execute(async (tx) => {
        const ttx = tx.withTables<T>();
        await ttx.insertInto('t').values({ n: 0, tag: 'zero' }).execute();
        const rows = await ttx.selectFrom('t').select('n').orderBy('n').limit(2).execute();
        throw Object.assign(new Error('undo'), { rows: rows.map((r) => r.n) });
      }),
    ).rejects.toMatchObject({ rows: [0, 1] });
    expect(
      (await tdb.selectFrom('t').select('n').orderBy('n').limit(1).execute()).map((r) => r.n),
    ).toEqual([1]);
  });

  it('runs a limit that is not an integer as SQLite takes it, bound', async () => {
    const rows = await sql<{ n: number }>`select n from t order by n limit ${'3'}`.execute(db);
    expect(rows.rows.map((r) => r.n)).toEqual([1, 2, 3]);
    // -1: no limit, as SQLite reads a negative one.
    expect((await tdb.selectFrom('t').select('n').orderBy('n').limit(-1).execute()).length).toBe(
      30,
    );
  });

  it('leaves a limit inside the statement (a subquery) bound, and its rows right', async () => {
    const rows = await sql<{
      n: number;
      first: number;
    }>`select n, (select min(n) from (select n from t where n > ${20} order by n limit ${3})) as first from t order by n limit ${2}`.execute(
      db,
    );
    expect(rows.rows).toEqual([
      { n: 1, first: 21 },
      { n: 2, first: 21 },
    ]);
  });
});
