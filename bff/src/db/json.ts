// JSON text made by the database (decisions 230, 245): a list page's items come back as one
// string each, written into the answer as they are, instead of as rows of values that become
// objects only to be serialized again. Both engines write the same compact text.
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';

/**
 * How a field's SQL expression goes into JSON: `value` as it is (text, number or null); `bool`
 * an integer, true unless 0; `json` text that holds JSON (stored by JSON.stringify).
 */
export type JsonAs = 'value' | 'bool' | 'json';

/**
 * An array of objects made of the rows `from` names (a table, an alias and a where clause,
 * correlated to the outer query), ordered by `orderBy`; empty when there are none.
 */
export interface JsonArray {
  fields: JsonFields;
  from: string;
  orderBy: string;
  /** The rows' alias in `fields` and `from`. */
  alias?: string;
  /** On SQLite, an index that holds each row's object text, read instead of built (db/list-indexes.ts). */
  index?: ChildIndex;
}

/**
 * An index of a child table over the columns the page reads it by (the parent's, then the
 * order's) and the child's object text: SQLite takes an indexed expression from the index
 * instead of computing it, so a page of ~600 NICs concatenates texts the database keeps as their
 * rows are written, with no trigger and no code on the writers' side.
 */
export interface ChildIndex {
  /** The start of its name; the rest is a hash of its text. */
  prefix: string;
  table: string;
  columns: readonly string[];
}

/**
 * A JSON object's fields in order: its key, then the SQL expression of its value (trusted text
 * written in the code) and how it goes in, or the array it holds.
 */
export type JsonFields<K extends string = string> = readonly (
  readonly [key: K, expr: string, as?: JsonAs] | readonly [key: K, array: JsonArray]
)[];

/** The fields of a `T`'s JSON (`item` only carries the type). */
export interface JsonOf<T> {
  fields: JsonFields<keyof T & string>;
  item?: T;
}

/**
 * An array as text: each row's object concatenated as text and joined in order by the
 * aggregate. Both engines build it as text, not as JSON values: SQLite's json_group_array of
 * json_object parses every element again. On SQLite the rows come ordered from a subquery (an
 * aggregate over an ordered subquery is not flattened, so it takes them in that order): with
 * an index in that order, no sort; `group_concat(… order by …)` sorted them in a temporary
 * B-tree, ~2× the time for a subnet page's 600 NICs.
 */
const arrayText = (postgres: boolean, a: JsonArray) =>
  postgres
    ? `coalesce((select '[' || string_agg(${objectText(true, a.fields)}, ',' order by ${a.orderBy}) || ']' from ${a.from}), '[]')`
    : `coalesce((select '[' || group_concat(o, ',') || ']' from (select ${objectText(false, a.fields)} as o from ${sqliteFrom(a)} order by ${a.orderBy})), '[]')`;

/**
 * The rows of `a` on SQLite, through its child index when it has one: named, because the
 * planner would take a table's primary key over it (a firewall's rules) and build the texts.
 */
function sqliteFrom(a: JsonArray): string {
  if (!a.index) return a.from;
  const head = `${a.index.table} ${a.alias} `;
  if (!a.from.startsWith(head)) throw new Error(`a child index's rows start "${head}": ${a.from}`);
  return `${head}indexed by ${childIndex(a).name} ${a.from.slice(head.length)}`;
}

/** The name and statement of `array`'s child index, named after its text (db/list-indexes.ts makes it). */
export function childIndex(array: JsonArray): { name: string; statement: string } {
  const { index, alias } = array;
  if (!index || !alias) throw new Error('a child index needs the rows’ alias and an index');
  // The index's expression names the table's columns bare; the page's names them through the alias.
  const expr = objectText(false, array.fields).replace(new RegExp(`\\b${alias}\\.`, 'g'), '');
  const body = `${index.table} (${[...index.columns, `(${expr})`].join(', ')})`;
  const name = `${index.prefix}_${createHash('sha256').update(body).digest('hex').slice(0, 10)}`;
  return { name, statement: `create index ${name} on ${body}` };
}

/** A field's value as JSON text. */
function valueText(postgres: boolean, expr: string | JsonArray, as: JsonAs = 'value'): string {
  if (typeof expr !== 'string') return arrayText(postgres, expr);
  switch (as) {
    case 'value':
      // Concatenated with null, the whole object would be null.
      return postgres ? `coalesce(to_json(${expr})::text, 'null')` : `json_quote(${expr})`;
    case 'bool':
      return `(case when ${expr} <> 0 then 'true' else 'false' end)`;
    case 'json':
      return postgres ? `coalesce(${expr}, 'null')` : `coalesce(json(${expr}), 'null')`;
  }
}

/** A field's value for SQLite's json_object. */
function sqliteValue(expr: string, as: JsonAs = 'value'): string {
  switch (as) {
    case 'value':
      return expr;
    case 'bool':
      return `json(case when ${expr} <> 0 then 'true' else 'false' end)`;
    case 'json':
      return `json(${expr})`;
  }
}

/** The SQL text of a JSON object of `fields`, as text. */
function objectText(postgres: boolean, fields: JsonFields): string {
  // Flat objects on SQLite: json_object is the quickest. With an array (text made by the
  // database), the object is written as text too: json_object would parse the array again.
  if (!postgres && fields.every(([, expr]) => typeof expr === 'string')) {
    return `json_object(${fields.map(([key, expr, as]) => `'${key}', ${sqliteValue(expr as string, as)}`).join(', ')})`;
  }
  const parts = fields.map(
    ([key, expr, as], i) =>
      `'${i ? ',' : '{'}${JSON.stringify(key)}:' || ${valueText(postgres, expr, as)}`,
  );
  return `(${parts.join(' || ')} || '}')`;
}

/** A JSON object of `fields`, to select as one column. */
export const jsonObject = (postgres: boolean, fields: JsonFields): RawBuilder<string> =>
  sql.raw<string>(objectText(postgres, fields));

/** `text` as an SQL string literal, for a setting written into a list definition (the service domain). */
export const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;
