// Per-scope row counts of the kinds that live in a project and a location, kept by triggers in
// the same transaction as the rows (decision 113): a list's `count` is one indexed row read
// however many objects the project holds. The triggers are made at start, after the
// migrations, for every such kind of the route table's `kinds`: a new kind has its counts
// without writing anything. Counts are made from the rows when a table's triggers are new
// (db/trigger-sets.ts).
import { sql, type Kysely, type Migration } from 'kysely';
import { kinds } from '#shared/routes';
import { isPostgres } from './locks.ts';
import type { TriggerSet } from './trigger-sets.ts';

export const scopeCountMigrations: Record<string, Migration> = {
  '0012_scope_counts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('scope_count')
        .addColumn('tbl', 'text', (c) => c.notNull())
        .addColumn('project_id', 'text', (c) =>
          c.notNull().references('project.id').onDelete('cascade'),
        )
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('scope_count_pk', ['tbl', 'project_id', 'location'])
        .execute();
    },
  },
};

export interface ScopeCountTable {
  tbl: string;
  project_id: string;
  location: string;
  n: number;
}

// The table is the database layer's own, not a kind's: declared here rather than in schema.ts.
declare module './schema.ts' {
  interface Database {
    scope_count: ScopeCountTable;
  }
}

/**
 * The tables counted: those of the kinds that live in a location. Rows serving another kind's
 * object (`serviceOf` set, e.g. a database's server VMs) are not listed, so not counted.
 */
export const countedTables = (): { table: string; serviceOf?: string }[] =>
  kinds
    .filter((k) => k.inLocation)
    .map((k) => ({
      table: ident(k.table),
      serviceOf: 'serviceOf' in k && k.serviceOf ? ident(k.serviceOf) : undefined,
    }));

function ident(name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not an SQL name: ${name}`);
  return name;
}

/** PostgreSQL: a function per table (its argument names the service column) and its row trigger. */
const pgStatements = (table: string, serviceOf: string | undefined) => (name: string) => [
  `create or replace function ${name}() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') and (tg_nargs = 0 or to_jsonb(old) ->> tg_argv[0] is null) then
    update scope_count set n = n - 1 where tbl = tg_table_name and project_id = old.project_id and location = old.location;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_nargs = 0 or to_jsonb(new) ->> tg_argv[0] is null) then
    insert into scope_count (tbl, project_id, location, n) values (tg_table_name, new.project_id, new.location, 1)
      on conflict (tbl, project_id, location) do update set n = scope_count.n + 1;
  end if;
  return null;
end $$`,
  `create trigger ${name} after insert or delete or update of project_id, location on ${table} for each row execute function ${name}(${serviceOf ? `'${serviceOf}'` : ''})`,
];

const sqliteStatements = (t: string, serviceOf: string | undefined) => (name: string) => {
  const counted = (row: string) => (serviceOf ? `${row}.${serviceOf} is null` : 'true');
  const inc = (row: string) =>
    `insert into scope_count (tbl, project_id, location, n) select '${t}', ${row}.project_id, ${row}.location, 1 where ${counted(row)} on conflict (tbl, project_id, location) do update set n = scope_count.n + 1;`;
  const dec = (row: string) =>
    `update scope_count set n = n - 1 where tbl = '${t}' and project_id = ${row}.project_id and location = ${row}.location and ${counted(row)};`;
  return [
    `create trigger ${name}_ins after insert on ${t} begin ${inc('new')} end`,
    `create trigger ${name}_del after delete on ${t} begin ${dec('old')} end`,
    `create trigger ${name}_upd after update of project_id, location on ${t} begin ${dec('old')} ${inc('new')} end`,
  ];
};

/**
 * The triggers of every counted table, each set with its counts made from its rows when it is
 * new (decision 253). Their prefixes also name the first version's triggers
 * (`<table>_scope_count` on PostgreSQL, `<table>_count_ins` on SQLite), which are replaced.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function scopeCountTriggers(db: Kysely<any>): TriggerSet[] {
  const postgres = isPostgres(db);
  return countedTables().map(({ table, serviceOf }) => ({
    prefix: postgres ? `${table}_scope_count` : `${table}_count`,
    tables: [table],
    statements: (postgres ? pgStatements : sqliteStatements)(table, serviceOf),
    async rebuild(tx) {
      await sql`delete from scope_count where tbl = ${table}`.execute(tx);
      await sql
        .raw(
          `insert into scope_count (tbl, project_id, location, n) select '${table}', project_id, location, count(*) from ${table} ${serviceOf ? `where ${serviceOf} is null ` : ''}group by project_id, location`,
        )
        .execute(tx);
    },
  }));
}
