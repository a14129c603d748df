// A table's columns as the database has them, read once per database and table (decision 256):
// the query shapes that read whole rows name their columns instead of `*`, so that on
// PostgreSQL they can run as prepared statements (a prepared `select *` fails once a newer
// process adds a column; a named list keeps reading the columns this code knows).
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './locks.ts';

/** Per dialect adapter (a database and its transactions share one), per table. */
const known = new WeakMap<object, Map<string, Promise<readonly string[]>>>();

/** The columns of `table`, in the table's order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function columnsOf(db: Kysely<any>, table: string): Promise<readonly string[]> {
  const adapter = db.getExecutor().adapter;
  let byTable = known.get(adapter);
  if (!byTable) known.set(adapter, (byTable = new Map()));
  let columns = byTable.get(table);
  if (!columns) {
    const read = isPostgres(db)
      ? sql<{
          name: string;
        }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`
      : // xinfo, not info: generated columns too, which `*` reads (hidden 1 is a virtual table's hidden column, which it does not).
        sql<{
          name: string;
        }>`select name from pragma_table_xinfo(${table}) where hidden <> 1 order by cid`;
    columns = read.execute(db).then(({ rows }) => {
      if (!rows.length) throw new Error(`no table ${table}`);
      return rows.map((r) => r.name);
    });
    columns.catch(() => byTable.delete(table));
    byTable.set(table, columns);
  }
  return columns;
}
