// The read cache is emptied by the writes to the tables its reads come from (decision 111),
// as Kysely's operation nodes name them: a write to another table is not one, though its name
// or a column's contains a watched table's name, and a statement whose tables Kysely cannot
// see (raw SQL that may write, a `with` that writes) counts as one.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { engine, serverForFile } from '../../test/harness.ts';
import { emptied } from './read-cache.ts';

const t = await serverForFile();
/** A table whose name starts with a watched one's, with a column named after another. */
const db = t.ctx.db.withTables<{
  project_quota_note: { id: string; project_id: string; session: string; note: string };
}>();

beforeAll(async () => {
  await db.schema
    .createTable('project_quota_note')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .execute();
});

/** Whether running `statement` emptied the caches. */
async function empties(statement: () => Promise<unknown>): Promise<boolean> {
  const before = emptied(t.ctx.db)!;
  await statement();
  return emptied(t.ctx.db)! !== before;
}

describe('the read cache', () => {
  it('is kept by writes to other tables, whatever their names and columns contain', async () => {
    expect(emptied(t.ctx.db)).toBeTypeOf('number');
    const note = { id: 'n1', project_id: 'p1', session: 'project_member', note: 'session' };
    expect(await empties(() => db.insertInto('project_quota_note').values(note).execute())).toBe(
      false,
    );
    expect(
      await empties(() =>
        db
          .updateTable('project_quota_note')
          .set({ session: 'account' })
          .where('session', '=', 'project_member')
          .execute(),
      ),
    ).toBe(false);
    // Reading a watched table to write another is no write to it.
    expect(
      await empties(() =>
        db
          .insertInto('project_quota_note')
          .columns(['id', 'project_id', 'session', 'note'])
          .expression(
            db
              .selectFrom('project')
              .select((eb) => [
                'project.id',
                'project.id as project_id',
                eb.val('s').as('session'),
                'project.name as note',
              ]),
          )
          .execute(),
      ),
    ).toBe(false);
    expect(
      await empties(() =>
        db
          .deleteFrom('project_quota_note as project')
          .where('project.session', '=', 'account')
          .execute(),
      ),
    ).toBe(false);
    expect(
      await empties(() =>
        db.transaction().execute((tx) => tx.deleteFrom('project_quota_note').execute()),
      ),
    ).toBe(false);
    expect(await empties(() => sql`select count(*) from project_member`.execute(db))).toBe(false);
  });

  it('is emptied by a write to a watched table, through Kysely or in raw SQL, committed or not', async () => {
    const nobody = 'nobody';
    expect(
      await empties(() =>
        db
          .updateTable('project_member')
          .set({ role: 'member' })
          .where('account_id', '=', nobody)
          .execute(),
      ),
    ).toBe(true);
    expect(
      await empties(() => db.deleteFrom('session as s').where('s.id', '=', nobody).execute()),
    ).toBe(true);
    expect(
      await empties(() =>
        db
          .insertInto('access_token')
          .values([])
          .execute()
          .catch(() => {}),
      ),
    ).toBe(true);
    expect(
      await empties(() => sql`update account set email = email where id = ${nobody}`.execute(db)),
    ).toBe(true);
    expect(await empties(() => sql`delete from project where id = ${nobody}`.execute(db))).toBe(
      true,
    );
    await expect(
      db.transaction().execute(async (tx) => {
        expect(
          await empties(() =>
            tx.deleteFrom('project_member').where('account_id', '=', nobody).execute(),
          ),
        ).toBe(true);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
  });

  // SQLite has no writes inside WITH; the case is PostgreSQL's only (not a skipped test on SQLite).
  if (engine === 'postgres') {
    it('is emptied by a select whose `with` writes a watched table', async () => {
      const gone = () =>
        db
          .with('gone', (w) => w.deleteFrom('session').where('id', '=', 'nobody').returning('id'))
          .selectFrom('gone')
          .selectAll()
          .execute();
      expect(await empties(gone)).toBe(true);
    });
  }
});
