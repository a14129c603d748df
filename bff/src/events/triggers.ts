// The writers of the event table (behaviour.md §12, decision 210): database triggers on every
// table whose rows a project's members watch, so each change writes its event in its own
// transaction whatever code path made it (a request, a worker step, a cascade). They are made
// at start, after the migrations, from the route table's `kinds` and `projectKinds` (a new kind
// has its events with no line written) plus the project, its members and its access tokens.
// A table's triggers are remade when what they would be changes (a new column, a new kind):
// their names carry a hash of their text (db/trigger-sets.ts).
//
// On PostgreSQL a project's events must commit in `seq` order, or a stream reading `seq > last`
// could skip one (decision 211): a deferred trigger on `event` gives each event its final `seq`
// at commit, under a per-project advisory lock held until the commit ends, and NOTIFYs it.
import { sql, type Kysely } from 'kysely';
import { ID_PREFIXES } from '#shared/ids';
import { kinds, projectKinds } from '#shared/routes';
import { ADVISORY_LOCK_CLASS, isPostgres } from '../db/locks.ts';
import type { TriggerSet } from '../db/trigger-sets.ts';

type Engine = 'sqlite' | 'postgres';
type Row = 'new' | 'old';

/** The NOTIFY channel; each payload is `<project_id> <seq>`. */
export const EVENT_CHANNEL = 'project_event';

/** A table whose rows are objects a project's members watch, as the triggers see it. */
interface Source {
  table: string;
  /** The object kind of its events (an IdKind, or one of OTHER_EVENT_KINDS). */
  kind: string;
  /** SQL of the object's ID, name and project, for a row alias (`new`, `old`). */
  id: (r: Row) => string;
  name: (r: Row) => string;
  /** Whether it has a `name` column whose change is a rename. */
  named: boolean;
  project: (r: Row) => string;
  /** The column holding the object's state, if it has one. */
  state?: string;
  /** The verb of a change of that column. */
  stateVerb: 'state_changed' | 'updated';
  location?: string;
  /** A column set on rows that serve an object of another kind (decision 210): those write that object's `updated`. */
  serviceOf?: string;
  /** Columns whose change (name and state unchanged) is an `updated` event. */
  watched: string[];
}

/** The columns that may hold a kind's state, first found wins (a cluster's is `display_state`). */
const STATE_COLUMNS = ['state', 'display_state'];
/** Never an `updated` event by themselves. */
const UNWATCHED = new Set(['id', 'name', 'project_id', 'created_at', ...STATE_COLUMNS]);

function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not an SQL name: ${name}`);
  return name;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function columnsOf(db: Kysely<any>, engine: Engine, table: string): Promise<string[]> {
  if (engine === 'postgres') {
    const { rows } = await sql<{
      name: string;
    }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(
      db,
    );
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{
    name: string;
  }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((r) => r.name);
}

/** Every table that writes events, read from the route table and the database's columns. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function eventSources(db: Kysely<any>, engine: Engine): Promise<Source[]> {
  const sources: Source[] = [];
  for (const k of [...kinds, ...projectKinds]) {
    if ('events' in k && k.events === false) continue;
    const table = ident(k.table);
    const columns = await columnsOf(db, engine, table);
    const serviceOf = 'serviceOf' in k && k.serviceOf ? ident(k.serviceOf) : undefined;
    sources.push({
      table,
      kind: k.idKind,
      id: (r) => `${r}.id`,
      name: (r) => `${r}.name`,
      named: true,
      project: (r) => `${r}.project_id`,
      state: STATE_COLUMNS.find((c) => columns.includes(c)),
      stateVerb: 'state_changed',
      location: k.inLocation ? 'location' : undefined,
      serviceOf,
      watched: columns
        .filter((c) => !UNWATCHED.has(c) && c !== 'location' && c !== serviceOf)
        .map(ident),
    });
  }
  sources.push(
    // A token's only changes are its creation, rename and deletion; `last_used_at` is not one.
    {
      table: 'access_token',
      kind: 'accessToken',
      id: (r) => `${r}.id`,
      name: (r) => `${r}.name`,
      named: true,
      project: (r) => `${r}.project_id`,
      stateVerb: 'state_changed',
      watched: [],
    },
    // A member is their account; their state is their role, and a new role is an `updated`.
    {
      table: 'project_member',
      kind: 'projectMember',
      id: (r) => `${r}.account_id`,
      name: (r) => `(select email from account where id = ${r}.account_id)`,
      named: false,
      project: (r) => `${r}.project_id`,
      state: 'role',
      stateVerb: 'updated',
      watched: [],
    },
    // The spend alert (issue 30): set (`created`), a new threshold (`updated`), cleared
    // (`deleted`), and its crossing: `state_changed` to `crossed`, once a month.
    {
      table: 'spend_alert',
      kind: 'spendAlert',
      id: (r) => `${r}.project_id`,
      name: (r) => `(select name from project where id = ${r}.project_id)`,
      named: false,
      project: (r) => `${r}.project_id`,
      state: 'state',
      stateVerb: 'state_changed',
      watched: ['threshold_usd'],
    },
    // The project itself: its creation and its renames (its deletion takes its events with it).
    {
      table: 'project',
      kind: 'project',
      id: (r) => `${r}.id`,
      name: (r) => `${r}.name`,
      named: true,
      project: (r) => `${r}.id`,
      stateVerb: 'state_changed',
      watched: [],
    },
  );
  return sources;
}

/** What a service row's owner is, by its ID's prefix: its kind, name and state (null when it is gone). */
function owners(sources: Source[]) {
  const owned = sources.filter(
    (s) =>
      (ID_PREFIXES as Record<string, string>)[s.kind] &&
      s.table !== 'project' &&
      s.kind !== 'accessToken' &&
      s.kind !== 'projectMember',
  );
  const when = (r: Row, col: string, value: (s: Source) => string) =>
    `case substr(${r}.${col}, 1, 2) ${owned.map((s) => `when ${quote((ID_PREFIXES as Record<string, string>)[s.kind]!)} then ${value(s)}`).join(' ')} end`;
  return {
    kind: (r: Row, col: string) => when(r, col, (s) => quote(s.kind)),
    name: (r: Row, col: string) =>
      when(r, col, (s) => `(select name from ${s.table} where id = ${r}.${col})`),
    state: (r: Row, col: string) =>
      when(r, col, (s) =>
        s.state ? `(select ${s.state} from ${s.table} where id = ${r}.${col})` : 'null',
      ),
  };
}

function nowSql(engine: Engine): string {
  return engine === 'postgres'
    ? `to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
}

const differ = (engine: Engine, a: string, b: string) =>
  engine === 'postgres' ? `${a} is distinct from ${b}` : `${a} is not ${b}`;
const same = (engine: Engine, a: string, b: string) =>
  engine === 'postgres' ? `${a} is not distinct from ${b}` : `${a} is ${b}`;

/**
 * The statements a change of one row runs: each an `insert … select … where`, so one text
 * serves both engines. A project being deleted (a cascade) writes none: its events go with it.
 */
function statements(
  engine: Engine,
  s: Source,
  op: 'insert' | 'update' | 'delete',
  all: Source[],
): string[] {
  const r: Row = op === 'delete' ? 'old' : 'new';
  const now = nowSql(engine);
  const exists = `exists (select 1 from project where id = ${s.project(r)})`;
  const columns =
    'insert into event (project_id, type, object_id, object_kind, object_name, location, state, at)';
  const location = s.location ? `${r}.${s.location}` : 'null';
  const where = (conds: (string | undefined)[]) =>
    `where ${[...conds.filter((c) => c), exists].join(' and ')}`;
  const own = s.serviceOf ? `${r}.${s.serviceOf} is null` : undefined;
  const insert = (verb: string, cond?: string) =>
    `${columns} select ${s.project(r)}, ${quote(`${s.kind}.${verb}`)}, ${s.id(r)}, ${quote(s.kind)}, ${s.name(r)}, ${location}, ${s.state ? `${r}.${s.state}` : 'null'}, ${now} ${where([own, cond])}`;
  const changed = (c: string) => differ(engine, `new.${c}`, `old.${c}`);
  const out: string[] = [];
  if (op === 'insert') out.push(insert('created'));
  if (op === 'delete') out.push(insert('deleted'));
  if (op === 'update') {
    if (s.state) out.push(insert(s.stateVerb, changed(s.state)));
    if (s.named) out.push(insert('renamed', changed('name')));
    if (s.watched.length) {
      const kept = [s.state, s.named ? 'name' : undefined]
        .filter((c) => c !== undefined)
        .map((c) => same(engine, `new.${c}`, `old.${c}`));
      out.push(
        insert('updated', [...kept, `(${s.watched.map(changed).join(' or ')})`].join(' and ')),
      );
    }
  }
  if (s.serviceOf) {
    // A row serving another object (a cluster's node VM): that object's `updated`, while it exists.
    const o = owners(all);
    const col = s.serviceOf;
    const any =
      op === 'update'
        ? `(${[s.state, 'name', ...s.watched]
            .filter((c) => c !== undefined)
            .map(changed)
            .join(' or ')})`
        : undefined;
    out.push(
      `${columns} select ${r}.project_id, ${o.kind(r, col)} || '.updated', ${r}.${col}, ${o.kind(r, col)}, ${o.name(r, col)}, ${location}, ${o.state(r, col)}, ${now} ` +
        where([`${r}.${col} is not null`, `${o.name(r, col)} is not null`, any]),
    );
  }
  return out;
}

/** SQLite: a set of three triggers per table. */
function sqliteSet(s: Source, all: Source[]): TriggerSet {
  const body = (op: 'insert' | 'update' | 'delete') =>
    statements('sqlite', s, op, all)
      .map((x) => `${x};`)
      .join(' ');
  return {
    prefix: `${s.table}_ev`,
    tables: [s.table],
    statements: (name) =>
      (['insert', 'update', 'delete'] as const).map(
        (op) =>
          `create trigger ${name}_${op.slice(0, 3)} after ${op} on ${s.table} begin ${body(op)} end`,
      ),
  };
}

/** PostgreSQL: a set of one function per table and one row trigger. */
function pgSet(s: Source, all: Source[]): TriggerSet {
  const block = (op: 'insert' | 'update' | 'delete') =>
    statements('postgres', s, op, all)
      .map((x) => `    ${x};`)
      .join('\n');
  const body = `begin
  if tg_op = 'INSERT' then
${block('insert')}
  elsif tg_op = 'DELETE' then
${block('delete')}
  else
${block('update')}
  end if;
  return null;
end`;
  return {
    prefix: `${s.table}_ev`,
    tables: [s.table],
    statements: (name) => [
      `create or replace function ${name}() returns trigger language plpgsql as $fn$\n${body}\n$fn$`,
      `create trigger ${name} after insert or update or delete on ${s.table} for each row execute function ${name}()`,
    ],
  };
}

/**
 * PostgreSQL, on `event`: deferred to the commit, each event takes its project's advisory lock
 * (held until the commit ends), gets its final `seq` and is announced. A project's events thus
 * commit in `seq` order, and the lock is held only while committing (decision 211).
 */
function pgOrderSet(sequence: string): TriggerSet {
  const body = `declare s bigint;
begin
  perform pg_advisory_xact_lock(${ADVISORY_LOCK_CLASS.projectEventOrder}, hashtext(new.project_id));
  s := nextval(${quote(sequence)});
  update event set seq = s where seq = new.seq;
  perform pg_notify(${quote(EVENT_CHANNEL)}, new.project_id || ' ' || s);
  return null;
end`;
  return {
    prefix: 'event_order',
    tables: ['event'],
    statements: (name) => [
      `create or replace function ${name}() returns trigger language plpgsql as $fn$\n${body}\n$fn$`,
      `create constraint trigger ${name} after insert on event deferrable initially deferred for each row execute function ${name}()`,
    ],
  };
}

/**
 * The event triggers of every source table (decision 253: made or remade at start). Their
 * prefix `<table>_ev` also names the older versions (`<table>_event` on PostgreSQL,
 * `<table>_ev_ins_<hash>` on SQLite), so those are replaced, not kept beside the new ones.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function eventTriggerSets(db: Kysely<any>): Promise<TriggerSet[]> {
  const engine: Engine = isPostgres(db) ? 'postgres' : 'sqlite';
  const sources = await eventSources(db, engine);
  if (engine === 'sqlite') return sources.map((s) => sqliteSet(s, sources));
  const { rows } = await sql<{
    seq: string;
  }>`select pg_get_serial_sequence('event', 'seq') as seq`.execute(db);
  return [pgOrderSet(rows[0]!.seq), ...sources.map((s) => pgSet(s, sources))];
}
