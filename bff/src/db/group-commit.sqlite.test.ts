// Group commit on SQLite (decision 247): transactions that queue for the writer share one
// commit, each is told of its success only once that commit is durable, one that fails is
// undone alone, and reads outside a transaction see only what is committed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type QueryExecutorProvider } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
const { db } = openDatabase({ dataDir: dir });
await sql`create table t (v text not null)`.execute(db);
// A trigger that makes SQLite undo the whole transaction, as a full disk or an I/O error does.
await sql`create trigger undo_all before insert on t when new.v = 'undo-all' begin select raise(rollback, 'the whole transaction is undone'); end`.execute(
  db,
);
/** Another process's view of the file: only what is committed. */
const outside = new SQLite(path.join(dir, 'console.sqlite'), { readonly: true });
const committed = () =>
  (outside.prepare('select v from t order by v').all() as { v: string }[]).map((r) => r.v);

afterAll(async () => {
  outside.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await sql`delete from t`.execute(db);
});

const insert = (v: string) =>
  db.transaction().execute((tx) => sql`insert into t (v) values (${v})`.execute(tx));
/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
/**
 * A transaction that writes `v` and then keeps the writer until `release()`: answers once it
 * holds it, with the transaction's promise as `done`.
 */
async function holdWriter(v: string) {
  const entered = gate();
  const released = gate();
  const done = db.transaction().execute(async (tx) => {
    await sql`insert into t (v) values (${v})`.execute(tx);
    entered.open();
    await released.opened;
  });
  await entered.opened;
  return { done, release: released.open };
}

/** Whether `p` has settled, without waiting for it. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  const probe = Symbol('pending');
  return (
    (await Promise.race([
      p.then(
        () => true,
        () => true,
      ),
      new Promise((r) => setImmediate(() => r(probe))),
    ])) !== probe
  );
}

describe('transactions on SQLite', () => {
  it('are told of their success only once the commit they share is on disk, and reads outside see only committed rows', async () => {
    const a = insert('a');
    // Queued behind `a`, it holds the writer until released: `a` is done but its commit waits.
    const b = await holdWriter('b');
    expect(await settled(a)).toBe(false);
    expect(committed()).toEqual([]);
    expect((await sql<{ v: string }>`select v from t`.execute(db)).rows).toEqual([]);

    b.release();
    await Promise.all([a, b.done]);
    expect(committed()).toEqual(['a', 'b']);
    expect(
      (await sql<{ v: string }>`select v from t order by v`.execute(db)).rows.map((r) => r.v),
    ).toEqual(['a', 'b']);
  });

  it('undo one that fails alone and commit the others of its group', async () => {
    const results = await Promise.allSettled([
      insert('a'),
      db.transaction().execute(async (tx) => {
        await sql`insert into t (v) values ('b')`.execute(tx);
        throw new Error('b fails after writing');
      }),
      insert('c'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committed()).toEqual(['a', 'c']);
  });

  it('all fail when SQLite undoes their group, and the next ones commit', async () => {
    const results = await Promise.allSettled([insert('a'), insert('undo-all'), insert('c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(
      /the whole transaction is undone/,
    );
    expect(committed()).toEqual(['c']);
  });

  it('commit a write made outside a transaction with the others, before it is answered', async () => {
    const holder = await holdWriter('first');
    const plain = db
      .insertInto('t' as never)
      .values({ v: 'plain' } as never)
      .execute();
    expect(await settled(plain)).toBe(false);
    holder.release();
    await Promise.all([holder.done, plain]);
    expect(committed()).toEqual(['first', 'plain']);
  });

  it('serve a connection that writes while another holds the writer, and free the writer after', async () => {
    const holder = await holdWriter('first');
    const scoped = db
      .connection()
      .execute((c) =>
        Promise.all(['x', 'y'].map((v) => sql`insert into t (v) values (${v})`.execute(c))),
      );
    holder.release();
    await Promise.all([holder.done, scoped]);
    expect(committed()).toEqual(['first', 'x', 'y']);
    // The writer is free again: a later transaction is not left waiting for it.
    await insert('z');
    expect(committed()).toEqual(['first', 'x', 'y', 'z']);
  });

  it('keep the undo images of a large change in memory, not in a temporary file (decision 249)', async () => {
    /** The temporary files SQLite holds open: made and unlinked at once, they are seen only through the process's descriptors. */
    const temporaryFiles = () =>
      fs
        .readdirSync('/proc/self/fd')
        .map((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((target) => /etilqs_/.test(target));
    const rows = Array.from({ length: 64 }, (_, i) => `large-${String(i).padStart(2, '0')}`);
    await db.transaction().execute(async (tx) => {
      for (const v of rows)
        await sql`insert into t (v) values (${v + 'x'.repeat(4000)})`.execute(tx);
    });
    // Changing pages that were committed before makes SQLite keep their images, to undo the
    // holder's savepoint: far more than the 64 KiB a statement journal holds before it spills.
    const change = (tx: QueryExecutorProvider, fill: string) =>
      sql`update t set v = substr(v, 1, 8) || ${fill.repeat(4000)}`.execute(tx);
    const held = gate();
    const checked = gate();
    const done = db.transaction().execute(async (tx) => {
      await change(tx, 'y');
      held.open();
      await checked.opened;
    });
    await held.opened;
    const seen = temporaryFiles();
    checked.open();
    await done;
    expect(seen).toEqual([]);
    // A holder that fails after a change that large is still undone alone.
    await expect(
      db.transaction().execute(async (tx) => {
        await change(tx, 'z');
        throw new Error('fails after writing');
      }),
    ).rejects.toThrow('fails after writing');
    expect(committed()).toEqual(rows.map((v) => v + 'y'.repeat(4000)));
  });
});
