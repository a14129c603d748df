// Query shapes built and compiled by Kysely once per database, then run with fresh values
// (decision 110): building and compiling a query costs more than running a small indexed one
// on a cached statement. For the queries every request of every kind makes (lookups by
// reference, list pages); a kind's own queries stay ordinary Kysely.
import type { Compilable, CompiledQuery } from 'kysely';
import type { Queryable } from './database.ts';

interface Shape {
  compiled: CompiledQuery;
  /** Per parameter: the index of the value it takes, or the constant the shape holds. */
  slots: ({ value: number } | { constant: unknown })[];
}

/** Per dialect adapter (a database and its transactions share one), per shape key. */
const shapes = new WeakMap<object, Map<string, Shape>>();
/** Every shape's SQL text: on PostgreSQL these run as named statements (pg-statements.ts). */
const shapeTexts = new Set<string>();

/** Whether `text` is a shape's compiled SQL. */
export const isShapeText = (text: string) => shapeTexts.has(text);

const mark = (i: number) => `\u0000value ${i}\u0000`;

/**
 * Runs the query `build` makes, compiled once per database for `key`. `build` receives
 * `v(i)`, the stand-in for `values[i]`, and must use them only as values (compared, limited by), never to
 * choose a table, a column or a clause: those belong in `key`. Answers the rows.
 */
export async function runShape<R>(
  db: Queryable,
  key: string,
  values: readonly unknown[],
  build: (v: (i: number) => never) => Compilable<R>,
): Promise<R[]> {
  const adapter = db.getExecutor().adapter;
  let byKey = shapes.get(adapter);
  if (!byKey) shapes.set(adapter, (byKey = new Map()));
  let shape = byKey.get(key);
  if (!shape) {
    const marks = values.map((_, i) => mark(i));
    const compiled = build((i) => marks[i] as never).compile();
    const slots = compiled.parameters.map((p) => {
      const i = marks.indexOf(p as string);
      return i >= 0 ? { value: i } : { constant: p };
    });
    const used = new Set(slots.flatMap((s) => ('value' in s ? [s.value] : [])));
    if (used.size !== values.length)
      throw new Error(`shape ${key}: every value must be a parameter of the query`);
    byKey.set(key, (shape = { compiled, slots }));
    shapeTexts.add(compiled.sql);
  }
  const parameters = shape.slots.map((s) => ('value' in s ? values[s.value] : s.constant));
  const { rows } = await db.executeQuery<R>({ ...shape.compiled, parameters });
  return rows;
}
