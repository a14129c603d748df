// Request transactions (decision 074): a transaction opened inside one is a savepoint of it,
// and its end, however it goes, ends that savepoint and never the request's own transaction.
// And on PostgreSQL, a COMMIT that an earlier failure turned into a rollback fails (pg-commit.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engine, serverForFile } from '../../test/harness.ts';
import { requestTransaction } from './transaction.ts';

const t = await serverForFile();
const table = sql.table(`nested_${Math.random().toString(36).slice(2, 10)}`);
const ids = async () =>
  (await sql<{ id: number }>`select id from ${table} order by id`.execute(t.ctx.db)).rows.map((r) =>
    Number(r.id),
  );

beforeAll(async () => {
  await sql`create table ${table} (id integer primary key)`.execute(t.ctx.db);
});
beforeEach(async () => {
  await sql`delete from ${table}`.execute(t.ctx.db);
});
afterAll(async () => {
  await sql`drop table ${table}`.execute(t.ctx.db);
});

describe('a transaction inside a request transaction', () => {
  it('commits with the request when both succeed, and is undone alone when it fails', async () => {
    const db = t.ctx.db;
    await requestTransaction(db, async () => {
      await sql`insert into ${table} (id) values (1)`.execute(db);
      await db.transaction().execute(async (tx) => {
        await sql`insert into ${table} (id) values (2)`.execute(tx);
      });
      await expect(
        db.transaction().execute(async (tx) => {
          await sql`insert into ${table} (id) values (3)`.execute(tx);
          throw new Error('undo the inner one');
        }),
      ).rejects.toThrow('undo the inner one');
      await sql`insert into ${table} (id) values (4)`.execute(db);
    });
    expect(await ids()).toEqual([1, 2, 4]);
  });

  it('whose own end fails is undone alone, and the request goes on in its transaction', async () => {
    const db = t.ctx.db;
    const ended = await requestTransaction(db, async () => {
      await sql`insert into ${table} (id) values (1)`.execute(db);
      // The inner code swallows its statement's failure: on PostgreSQL the transaction is then
      // aborted, so releasing the savepoint fails, and the inner transaction must be undone to it.
      const inner = await db
        .transaction()
        .execute(async (tx) => {
          await sql`insert into ${table} (id) values (2)`.execute(tx);
          await sql`insert into ${table} (id) values (2)`.execute(tx).catch(() => undefined);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      await sql`insert into ${table} (id) values (3)`.execute(db);
      return inner;
    });
    if (engine === 'postgres') {
      expect(ended).toBe('failed');
      expect(await ids()).toEqual([1, 3]);
    } else {
      // SQLite goes on after a failed statement: the inner transaction commits what it wrote.
      expect(ended).toBe('committed');
      expect(await ids()).toEqual([1, 2, 3]);
    }
  });

  it('that cannot begin leaves the request’s transaction to end whole, its connection clean', async () => {
    const db = t.ctx.db;
    const outcome = await requestTransaction(db, async () => {
      await sql`insert into ${table} (id) values (1)`.execute(db);
      // A failed statement aborts a PostgreSQL transaction: then the savepoint cannot begin.
      await sql`insert into ${table} (id) values (1)`.execute(db).catch(() => undefined);
      await db.transaction().execute(async (tx) => {
        await sql`insert into ${table} (id) values (2)`.execute(tx);
      });
    }).then(
      () => 'committed',
      () => 'failed',
    );
    if (engine === 'postgres') {
      expect(outcome).toBe('failed');
      expect(await ids()).toEqual([]);
    } else {
      // SQLite goes on after a failed statement.
      expect(outcome).toBe('committed');
      expect(await ids()).toEqual([1, 2]);
    }
    // The connection went back to the pool out of any transaction: the next ones work.
    for (let i = 5; i < 15; i++) {
      await requestTransaction(db, async () => {
        await sql`insert into ${table} (id) values (${i})`.execute(db);
      });
    }
    expect((await ids()).filter((id) => id >= 5)).toHaveLength(10);
  });
});

describe('a transaction whose code swallowed a failed statement', () => {
  it('is not reported committed when nothing was (a request transaction)', async () => {
    const db = t.ctx.db;
    const outcome = await requestTransaction(db, async () => {
      await sql`insert into ${table} (id) values (1)`.execute(db);
      await sql`insert into ${table} (id) values (1)`.execute(db).catch(() => undefined);
      await sql`insert into ${table} (id) values (2)`.execute(db).catch(() => undefined);
    }).then(
      () => 'committed',
      (err: unknown) => String(err),
    );
    if (engine === 'postgres') {
      // PostgreSQL rolled it all back at COMMIT: the caller hears it.
      expect(outcome).toMatch(/not committed/);
      expect(await ids()).toEqual([]);
    } else {
      expect(outcome).toBe('committed');
      expect(await ids()).toEqual([1, 2]);
    }
  });

  it('is not reported committed when nothing was (a plain one), and its connection serves the next', async () => {
    const db = t.ctx.db;
    const outcome = await db
      .transaction()
      .execute(async (tx) => {
        await sql`insert into ${table} (id) values (1)`.execute(tx);
        await sql`insert into ${table} (id) values (1)`.execute(tx).catch(() => undefined);
      })
      .then(
        () => 'committed',
        (err: unknown) => String(err),
      );
    expect(outcome).toMatch(engine === 'postgres' ? /not committed/ : /committed/);
    await db.transaction().execute(async (tx) => {
      await sql`insert into ${table} (id) values (7)`.execute(tx);
    });
    expect(await ids()).toEqual(engine === 'postgres' ? [7] : [1, 7]);
  });
});
