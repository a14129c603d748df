// JSON text made by the database (decisions 230, 245): a list page's items come back as one
// string each, written into the answer as they are, instead of as rows of values that become
// objects only to be serialized again. Both engines write the same compact text.
import { sql, type RawBuilder } from 'kysely';

/**
 * How a field's SQL expression goes into JSON: `value` as it is (text, number or null); `bool`
 * an integer, true unless 0; `json` text that holds JSON (stored by JSON.stringify); `made`
 * JSON text the database made itself (a kept array, decision 252), written in as it is, not
 * parsed again.
 */
export type JsonAs = 'value' | 'bool' | 'json' | 'made';

/**
 * An array of objects made of the rows `from` names (a table, an alias and a where clause,
 * correlated to the outer query), ordered by `orderBy`; empty when there are none.
 */
export interface JsonArray {
  fields: JsonFields;
  from: string;
  orderBy: string;
}

/**
 * A JSON object's fields in order: its key, then the SQL expression of its value (trusted text
 * written in the code) and how it goes in, or the array it holds.
 */
export type JsonFields<K extends string = string> = readonly (readonly [key: K, expr: string, as?: JsonAs] | readonly [key: K, array: JsonArray])[];

/** The fields of a `T`'s JSON (`item` only carries the type). */
export interface JsonOf<T> {
  fields: JsonFields<keyof T & string>;
  item?: T;
}

function pgValue(expr: string | JsonArray, as: JsonAs = 'value'): string {
  if (typeof expr !== 'string') return `coalesce((select '[' || string_agg(${objectText(true, expr.fields)}, ',' order by ${expr.orderBy}) || ']' from ${expr.from}), '[]')`;
  switch (as) {
    case 'value':
      return `coalesce(to_json(${expr})::text, 'null')`;
    case 'bool':
      return `(case when ${expr} <> 0 then 'true' else 'false' end)`;
    case 'json':
    case 'made':
      return `coalesce(${expr}, 'null')`;
  }
}

function sqliteValue(expr: string | JsonArray, as: JsonAs = 'value'): string {
  // An aggregate always answers a row ('[]' for none), and SQLite keeps its JSON subtype through
  // the subquery, so it goes in as an array (the kinds' list tests check that it does).
  if (typeof expr !== 'string') return `(select json_group_array(${objectText(false, expr.fields)} order by ${expr.orderBy}) from ${expr.from})`;
  switch (as) {
    case 'value':
      return expr;
    case 'bool':
      return `json(case when ${expr} <> 0 then 'true' else 'false' end)`;
    case 'json':
      return `json(${expr})`;
    case 'made':
      throw new Error('JSON made by the database goes into text (sqliteText), not json_object');
  }
}

/** A field's value as JSON text on SQLite, for an object written as text. */
function sqliteText(expr: string | JsonArray, as: JsonAs = 'value'): string {
  if (typeof expr !== 'string' || as === 'bool') return sqliteValue(expr, as);
  // Concatenated with null, the whole object would be null.
  if (as === 'json' || as === 'made') return `coalesce(${as === 'json' ? `json(${expr})` : expr}, 'null')`;
  return `json_quote(${expr})`;
}

/** The SQL text of a JSON object of `fields`, as text. */
function objectText(postgres: boolean, fields: JsonFields): string {
  if (postgres) {
    const parts = fields.map(([key, expr, as], i) => `'${i ? ',' : '{'}${JSON.stringify(key)}:' || ${pgValue(expr, as)}`);
    return `(${parts.join(' || ')} || '}')`;
  }
  // With JSON the database made, the object is written as text: json_object would parse it again.
  if (fields.some(([, , as]) => as === 'made')) {
    const parts = fields.map(([key, expr, as], i) => `'${i ? ',' : '{'}${JSON.stringify(key)}:' || ${sqliteText(expr, as)}`);
    return `(${parts.join(' || ')} || '}')`;
  }
  return `json_object(${fields.map(([key, expr, as]) => `'${key}', ${sqliteValue(expr, as)}`).join(', ')})`;
}

/** The SQL text of a JSON array of `array`'s rows, as text ('[]' for none). */
export const jsonArrayText = (postgres: boolean, array: JsonArray): string => (postgres ? pgValue(array) : sqliteValue(array));

/** A JSON object of `fields`, to select as one column. */
export const jsonObject = (postgres: boolean, fields: JsonFields): RawBuilder<string> => sql.raw<string>(objectText(postgres, fields));
