// Triggers made at start, after the migrations, from code (decision 253): the per-scope counts
// (113) and the event writers (210). Each is a set of statements whose names carry a hash of
// their text, so a set whose text changes (a new column, a new kind) is found out of date: its
// older triggers are dropped, the new ones made, and what they keep is made again from the rows,
// in one transaction. A trigger of the set's tables whose name starts with its prefix is one of
// its versions.
//
// The check comes first and takes no lock: a start that finds every set current (every start
// but the first after an upgrade) waits for no writer and stops none. On PostgreSQL a set that
// is out of date is replaced with its tables locked (`share row exclusive`): writers wait
// meanwhile, and a second process starting at the same time waits, then finds it made.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './locks.ts';

export interface TriggerSet {
  /**
   * The start of the name of each trigger and function the set makes; a trigger of its tables
   * whose name starts with it is one of the set's versions, this one or an older one.
   */
  prefix: string;
  /** The tables its triggers are on, and those they write: locked on PostgreSQL while the set is replaced. */
  tables: readonly string[];
  /** Its statements, functions (PostgreSQL) first, each trigger and function named `name` or `name` and a suffix. */
  statements: (name: string) => string[];
  /** Runs in the same transaction once the set is made anew: makes what its triggers keep from the rows. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rebuild?: (tx: Kysely<any>) => Promise<void>;
}

/** The set's name: its prefix, `_` and a hash of its statements' text. */
const nameOf = (set: TriggerSet) =>
  `${set.prefix}_${createHash('sha256').update(set.statements(set.prefix).join('\n')).digest('hex').slice(0, 10)}`;

/** A trigger as found in the database, or as a statement makes it: its name and, on PostgreSQL, its function's. */
interface Trigger {
  name: string;
  table?: string;
  fn?: string;
}

const TRIGGER = /^create (?:constraint )?trigger (\w+)\b.*?(?:execute function (\w+)\(|$)/s;

/** The triggers `statements` make. */
function made(statements: readonly string[]): Trigger[] {
  return statements.flatMap((s) => {
    const m = TRIGGER.exec(s.trim());
    // PostgreSQL cuts longer names: the set would never be found current, and be made at every start.
    if (m && m[1]!.length > 63) throw new Error(`trigger name longer than 63 characters: ${m[1]}`);
    return m ? [{ name: m[1]!, fn: m[2] }] : [];
  });
}

const FUNCTION = /^create or replace function (\w+)\(/;

async function triggersOn(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  postgres: boolean,
  tables: readonly string[],
): Promise<Trigger[]> {
  const list = sql.join(tables.map((t) => (postgres ? sql`${t}::regclass` : sql`${t}`)));
  const { rows } = postgres
    ? await sql<Trigger>`select t.tgname as name, t.tgrelid::regclass::text as "table", p.proname as fn
        from pg_trigger t join pg_proc p on p.oid = t.tgfoid where not t.tgisinternal and t.tgrelid in (${list})`.execute(
        db,
      )
    : await sql<Trigger>`select name, tbl_name as "table" from sqlite_master where type = 'trigger' and tbl_name in (${list})`.execute(
        db,
      );
  return rows;
}

/** Whether `found` (the set's triggers in the database) are exactly those `wanted`, functions included. */
const current = (found: Trigger[], wanted: Trigger[]) =>
  found.length === wanted.length &&
  wanted.every((w) => found.some((f) => f.name === w.name && (f.fn ?? undefined) === w.fn));

/**
 * Makes every set that is not current, each in its own transaction: drops its triggers of
 * other versions, runs its statements, drops the functions no trigger uses any more, and
 * rebuilds what it keeps. Answers how many sets it made.
 */
export async function ensureTriggerSets(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  sets: readonly TriggerSet[],
): Promise<number> {
  const postgres = isPostgres(db);
  const ownedBy = (set: TriggerSet, found: Trigger[]) =>
    found.filter((f) => set.tables.includes(f.table!) && f.name.startsWith(set.prefix));
  const found = await triggersOn(db, postgres, [...new Set(sets.flatMap((s) => s.tables))]);
  let replaced = 0;
  for (const set of sets) {
    const statements = set.statements(nameOf(set));
    const wanted = made(statements);
    if (current(ownedBy(set, found), wanted)) continue;
    await db.transaction().execute(async (tx) => {
      if (postgres)
        await sql
          .raw(`lock table ${set.tables.join(', ')} in share row exclusive mode`)
          .execute(tx);
      // Again under the lock: another process may have made it meanwhile.
      const old = ownedBy(set, await triggersOn(tx, postgres, set.tables));
      if (current(old, wanted)) return;
      for (const t of old)
        await sql.raw(`drop trigger ${t.name}${postgres ? ` on ${t.table}` : ''}`).execute(tx);
      for (const statement of statements) await sql.raw(statement).execute(tx);
      const kept = new Set(statements.map((s) => FUNCTION.exec(s.trim())?.[1]));
      for (const fn of new Set(old.map((t) => t.fn))) {
        if (!fn || kept.has(fn)) continue;
        const { rows } =
          await sql`select 1 from pg_trigger t join pg_proc p on p.oid = t.tgfoid where p.proname = ${fn} limit 1`.execute(
            tx,
          );
        if (!rows.length) await sql.raw(`drop function if exists ${fn}()`).execute(tx);
      }
      await set.rebuild?.(tx);
      replaced++;
    });
  }
  return replaced;
}

/** Drops every version of the set whose names start with `prefix`, functions included: for a migration that retires a set. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function dropTriggerSet(db: Kysely<any>, prefix: string): Promise<void> {
  const like = `${prefix.replace(/_/g, '\\_')}\\_%`;
  if (isPostgres(db)) {
    const { rows } =
      await sql<Trigger>`select t.tgname as name, t.tgrelid::regclass::text as "table", p.proname as fn
      from pg_trigger t join pg_proc p on p.oid = t.tgfoid where not t.tgisinternal and t.tgname like ${like}`.execute(
        db,
      );
    for (const t of rows) await sql.raw(`drop trigger ${t.name} on ${t.table}`).execute(db);
    for (const fn of new Set(rows.map((t) => t.fn)))
      await sql.raw(`drop function if exists ${fn}()`).execute(db);
  } else {
    const { rows } =
      await sql<Trigger>`select name from sqlite_master where type = 'trigger' and name like ${like} escape '\\'`.execute(
        db,
      );
    for (const t of rows) await sql.raw(`drop trigger ${t.name}`).execute(db);
  }
}
