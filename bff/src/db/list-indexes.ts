// The children's object texts kept in indexes (ChildIndex in json.ts), made at start from the
// list definitions, so an index always holds the text the page's statement writes. Each index's
// name carries a hash of its text: a definition that changes makes a new index and drops the
// older one. SQLite only: PostgreSQL does not read an indexed expression's value from an index.
// The page's statement names the index (json.ts): it must be there before the first request.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './locks.ts';
import { childIndex, type JsonArray, type JsonFields } from './json.ts';

/** The arrays of `fields`, nested ones included, that name an index. */
export function childIndexes(fields: JsonFields): JsonArray[] {
  return fields.flatMap(([, expr]) =>
    typeof expr === 'string' ? [] : [...(expr.index ? [expr] : []), ...childIndexes(expr.fields)],
  );
}

/** Makes each child index not yet there in its current version and drops its older ones; answers how many it made. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function ensureChildIndexes(db: Kysely<any>, arrays: JsonArray[]): Promise<number> {
  if (isPostgres(db)) return 0;
  let made = 0;
  for (const array of arrays) {
    const { name, statement } = childIndex(array);
    const { prefix, table } = array.index!;
    const { rows } = await sql<{ name: string }>`select name from sqlite_master
      where type = 'index' and tbl_name = ${table} and name like ${`${prefix}\\_%`} escape '\\'`.execute(
      db,
    );
    if (rows.some((r) => r.name === name)) continue;
    await db.transaction().execute(async (tx) => {
      for (const old of rows) await sql.raw(`drop index ${old.name}`).execute(tx);
      await sql.raw(statement).execute(tx);
    });
    made++;
  }
  return made;
}
