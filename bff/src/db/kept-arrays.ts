// A list item's array of child rows, kept as JSON text by triggers (decisions 252, 255): a list
// page reads one text per item instead of joining and aggregating every child of ten items.
// A subnet's NICs and a firewall's rules are kept so. The texts live in a table of their own,
// `(<key> primary key, json)`, whose key is the owner's ID under the name the child's rows give
// it (`nic.subnet_id`, `firewall_rule.firewall_id`). The triggers are a trigger set
// (trigger-sets.ts): made at start, named by a hash of their text, so a changed item replaces
// them and makes every text again from the rows.
import { sql, type Kysely } from 'kysely';
import { jsonArrayText, type JsonArray } from './json.ts';
import { isPostgres } from './locks.ts';
import type { TriggerSet } from './trigger-sets.ts';

export interface KeptArray {
  /** The table keeping the texts; also the prefix of its triggers' names. */
  table: string;
  /** The owners' table (aliased `s` in the statements). */
  owner: string;
  /** The children's table. */
  child: string;
  /** The child's column naming its owner, and the kept table's key. */
  key: string;
  /** The owner's array, for the owner whose ID is the SQL expression `ownerId`. */
  array: (ownerId: string) => JsonArray;
  /**
   * The class of PostgreSQL's transaction lock (one per owner) under which writers of one
   * owner's text take turns, each making it from what the others committed. Without it two
   * transactions each made the text without the other's child, and the last to commit won.
   */
  lockClass: number;
  /** Another table whose `column`, when updated, changes texts: `owners` selects the IDs of those owners from its `new` row. */
  also?: { table: string; column: string; owners: string };
}

/** The item's array: the kept text, `[]` for an owner that never had a child. For an item's field made by the database (`'made'`). */
export const keptArrayText = (kept: KeptArray) => `coalesce((select kept.json from ${kept.table} kept where kept.${kept.key} = "${kept.owner}"."id"), '[]')`;

/** Makes the kept texts of the owners `s` that `where` picks again. */
const keep = (k: KeptArray, postgres: boolean, where: string) =>
  `insert into ${k.table} (${k.key}, json) select s.id, ${jsonArrayText(postgres, k.array('s.id'))} from ${k.owner} s where ${where} on conflict (${k.key}) do update set json = excluded.json;`;
const ofChild = (k: KeptArray, postgres: boolean, row: 'new' | 'old') => keep(k, postgres, `s.id = ${row}.${k.key}`);
const ofAlso = (k: KeptArray, postgres: boolean) => keep(k, postgres, `s.id in (${k.also!.owners})`);

/** PostgreSQL: the owner's lock, then its text made from what is committed (the statement after the lock reads with a new snapshot). */
const pgLocked = (k: KeptArray, row: 'new' | 'old') => `perform pg_advisory_xact_lock(${k.lockClass}, hashtext(${row}.${k.key})); ${ofChild(k, true, row)}`;

function pgStatements(k: KeptArray, name: string): string[] {
  const branches = [
    ...(k.also
      ? [[`tg_table_name = '${k.also.table}'`, `perform pg_advisory_xact_lock(${k.lockClass}, hashtext(o.id)) from (${k.also.owners}) as o(id); ${ofAlso(k, true)}`]]
      : []),
    [`tg_op = 'INSERT'`, pgLocked(k, 'new')],
    [`tg_op = 'DELETE'`, pgLocked(k, 'old')],
  ];
  return [
    `create or replace function ${name}() returns trigger language plpgsql as $$
begin
  ${branches.map(([when, then], i) => `${i ? 'elsif' : 'if'} ${when} then\n    ${then}`).join('\n  ')}
  else
    ${pgLocked(k, 'new')}
    if new.${k.key} <> old.${k.key} then
      ${pgLocked(k, 'old')}
    end if;
  end if;
  return null;
end $$`,
    `create trigger ${name} after insert or update or delete on ${k.child} for each row execute function ${name}()`,
    ...(k.also ? [`create trigger ${name}_${k.also.table} after update of ${k.also.column} on ${k.also.table} for each row execute function ${name}()`] : []),
  ];
}

function sqliteStatements(k: KeptArray, name: string): string[] {
  return [
    `create trigger ${name}_ins after insert on ${k.child} begin ${ofChild(k, false, 'new')} end`,
    `create trigger ${name}_del after delete on ${k.child} begin ${ofChild(k, false, 'old')} end`,
    `create trigger ${name}_upd after update on ${k.child} begin ${ofChild(k, false, 'new')} ${ofChild(k, false, 'old')} end`,
    ...(k.also ? [`create trigger ${name}_${k.also.table} after update of ${k.also.column} on ${k.also.table} begin ${ofAlso(k, false)} end`] : []),
  ];
}

/** The kept array's triggers and their rebuild, made at start when this version of them is not there (decision 253). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function keptArrayTriggers(db: Kysely<any>, kept: KeptArray): TriggerSet {
  const postgres = isPostgres(db);
  return {
    prefix: kept.table,
    tables: [kept.child, ...(kept.also ? [kept.also.table] : []), kept.table],
    statements: (name) => (postgres ? pgStatements(kept, name) : sqliteStatements(kept, name)),
    async rebuild(tx) {
      await sql.raw(`delete from ${kept.table}`).execute(tx);
      await sql.raw(keep(kept, postgres, `exists (select 1 from ${kept.child} c where c.${kept.key} = s.id)`)).execute(tx);
    },
  };
}
