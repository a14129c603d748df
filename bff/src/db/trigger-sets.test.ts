// Trigger sets made from code at start (decision 253): made when missing, left alone when
// current, replaced (older versions dropped, what they keep made again) when their text
// changes. Checked on a table of the test's own, through the engine's real triggers.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { engine, serverForFile } from '../../test/harness.ts';
import { ensureTriggers } from './migrations.ts';
import { ensureTriggerSets, type TriggerSet } from './trigger-sets.ts';

const t = await serverForFile();
const { db } = t.ctx;
const postgres = engine === 'postgres';

await sql`create table ts_item (id integer primary key, v text not null)`.execute(db);
await sql`create table ts_total (n integer not null)`.execute(db);
await sql`insert into ts_total (n) values (0)`.execute(db);

/** A set keeping ts_total.n as the sum of what `weight` gives each row's `v`. */
function totals(weight: string): TriggerSet & { rebuilt: number } {
  const set = {
    prefix: 'ts_item_total',
    tables: ['ts_item', 'ts_total'],
    rebuilt: 0,
    statements: (name: string) =>
      postgres
        ? [
            `create or replace function ${name}() returns trigger language plpgsql as $$ begin update ts_total set n = n + ${weight.replace(/\bv\b/g, 'new.v')}; return null; end $$`,
            `create trigger ${name} after insert on ts_item for each row execute function ${name}()`,
          ]
        : [
            `create trigger ${name}_ins after insert on ts_item begin update ts_total set n = n + ${weight.replace(/\bv\b/g, 'new.v')}; end`,
          ],
    async rebuild(tx: Parameters<NonNullable<TriggerSet['rebuild']>>[0]) {
      set.rebuilt++;
      await sql
        .raw(`update ts_total set n = coalesce((select sum(${weight}) from ts_item), 0)`)
        .execute(tx);
    },
  };
  return set;
}

const total = async () =>
  Number((await sql<{ n: number }>`select n from ts_total`.execute(db)).rows[0]!.n);
const insert = (id: number, v: string) =>
  sql`insert into ts_item (id, v) values (${id}, ${v})`.execute(db);
async function triggerNames(): Promise<string[]> {
  const { rows } = postgres
    ? await sql<{
        name: string;
      }>`select tgname as name from pg_trigger where tgrelid = 'ts_item'::regclass order by 1`.execute(
        db,
      )
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'trigger' and tbl_name = 'ts_item' order by 1`.execute(
        db,
      );
  return rows.map((r) => r.name);
}

describe('trigger sets made at start', () => {
  it('are made when missing, kept when current and replaced when their text changes', async () => {
    await insert(1, 'ab');
    const byLength = totals('length(v)');
    expect(await ensureTriggerSets(db, [byLength])).toBe(1);
    expect(byLength.rebuilt).toBe(1);
    expect(await total()).toBe(2); // made from the row already there
    await insert(2, 'xyz');
    expect(await total()).toBe(5); // and kept by the trigger

    const names = await triggerNames();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^ts_item_total_[0-9a-f]{10}(_ins)?$/);
    // The same text again: nothing is made, nothing rebuilt.
    const again = totals('length(v)');
    expect(await ensureTriggerSets(db, [again])).toBe(0);
    expect(again.rebuilt).toBe(0);
    expect(await triggerNames()).toEqual(names);

    // A changed text: the older version goes (its function too), the new one keeps the total.
    const double = totals('2 * length(v)');
    expect(await ensureTriggerSets(db, [double])).toBe(1);
    expect(double.rebuilt).toBe(1);
    expect(await total()).toBe(10);
    await insert(3, 'q');
    expect(await total()).toBe(12); // one trigger counted it, not two
    const now = await triggerNames();
    expect(now).toHaveLength(1);
    expect(now).not.toEqual(names);
    if (postgres) {
      const fns = await sql<{
        proname: string;
      }>`select proname from pg_proc where proname like 'ts\\_item\\_total\\_%'`.execute(db);
      expect(fns.rows.map((r) => r.proname)).toEqual([now[0]]);
    }
  });

  it('replace a trigger of an older naming that starts with the prefix, and leave the others', async () => {
    const old = 'ts_item_total'; // as the first versions were named: no hash
    if (postgres) {
      await sql
        .raw(
          `create or replace function ts_other() returns trigger language plpgsql as $$ begin return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${old} after insert on ts_item for each row execute function ts_other()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ts_unrelated after insert on ts_item for each row execute function ts_other()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger ${old} after insert on ts_item begin update ts_total set n = n + 1000; end`,
        )
        .execute(db);
      await sql
        .raw(`create trigger ts_unrelated after insert on ts_item begin select 1; end`)
        .execute(db);
    }
    const set = totals('2 * length(v)');
    expect(await ensureTriggerSets(db, [set])).toBe(1);
    const names = await triggerNames();
    expect(names).not.toContain(old);
    expect(names).toContain('ts_unrelated');
    await insert(4, 'zz');
    expect(await total()).toBe(16); // 12 + 4: the older trigger's 1000 not added
    if (postgres) {
      // Its function is still used by ts_unrelated: kept.
      expect(
        (await sql`select 1 from pg_proc where proname = 'ts_other'`.execute(db)).rows,
      ).toHaveLength(1);
    }
  });

  it('leave a started database as it is: every set of the server is current', async () => {
    expect(await ensureTriggers(db)).toBe(0);
  });
});
