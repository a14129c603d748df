// PostgreSQL: the query shapes (prepared.ts) run as named prepared statements, their page's
// limit written into the text (decision 256). An unnamed statement is parsed and planned again
// at every run; a named one is parsed once per connection, and after five runs PostgreSQL keeps
// one generic plan for it. A bound limit would keep it planning at every run (a generic plan
// can only guess the limit), so the limit is written in, as SQLite's driver does (decision 250).
import type PgModule from 'pg';
import { DEFAULT_PAGE_SIZE } from '#shared/pagination';
import { isShapeText } from './prepared.ts';

/**
 * At most this many statements get a name, and at most `PER_SHAPE` page sizes of one shape:
 * each connection keeps a plan for every named statement it ran, so a client asking for every
 * page size must not fill the server's memory. The others run unnamed, as before. The default
 * page size is named always, outside both bounds (a shape has one), so that nobody can take
 * its place by asking for other sizes first.
 */
const MAX_NAMED = 400;
const PER_SHAPE = 4;

/** A shape's text as it runs with one limit (and offset): its name, unless it runs unnamed. */
interface Variant {
  text: string;
  name?: string;
  /** How many of the last values the text holds written in. */
  written: number;
  /** Named outside the bounds: no limit written in, or the default page size's. */
  usual?: boolean;
}
/** Per shape text: where its trailing limit is (found once), and its variants per limit (and offset) written in. */
const shapes = new Map<
  string,
  { trailing: RegExpExecArray | null; variants: Map<string, Variant> }
>();
/** Names made, and those made outside the bounds' exemption. */
let shapeNames = 0;
let named = 0;

/** `… limit $n` or `… limit $n offset $m` at the end. */
const TRAILING_LIMIT = /\slimit \$(\d+)(?: offset \$(\d+))?$/;

/**
 * The text with its trailing limit (and offset) written in, when they are its last parameters
 * and integers; else undefined. `m`: the text's match of TRAILING_LIMIT, when already found.
 */
export function limitWrittenIn(
  text: string,
  values: readonly unknown[],
  match = TRAILING_LIMIT.exec(text),
): { text: string; written: unknown[] } | undefined {
  if (!match) return undefined;
  const first = values.length - (match[2] === undefined ? 1 : 2);
  if (Number(match[1]) !== first + 1 || (match[2] !== undefined && Number(match[2]) !== first + 2))
    return undefined;
  const written = values.slice(first);
  if (!written.every((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0))
    return undefined;
  return {
    text: `${text.slice(0, match.index)} limit ${written[0]}${match[2] === undefined ? '' : ` offset ${written[1]}`}`,
    written,
  };
}

/**
 * How the shape `text` runs with `values`. Named unless it reads a `*`: a prepared statement
 * whose columns change with its table fails until it is prepared again, and a migration run by
 * a newer process could change them.
 */
function variantOf(text: string, values: readonly unknown[]): Variant {
  let shape = shapes.get(text);
  if (!shape)
    shapes.set(text, (shape = { trailing: TRAILING_LIMIT.exec(text), variants: new Map() }));
  const byLimit = shape.variants;
  const limited = limitWrittenIn(text, values, shape.trailing);
  const key = limited ? limited.written.join(' ') : '';
  let variant = byLimit.get(key);
  if (!variant) {
    variant = { text: limited?.text ?? text, written: limited?.written.length ?? 0 };
    const usual =
      !limited || (limited.written.length === 1 && limited.written[0] === DEFAULT_PAGE_SIZE);
    const room =
      usual ||
      (named < MAX_NAMED &&
        [...byLimit.values()].filter((v) => v.name && !v.usual).length < PER_SHAPE);
    if (room && !/\*(?!\))/.test(text)) {
      variant.name = `shape_${shapeNames++}`;
      variant.usual = usual;
      if (!usual) named++;
    }
    // Past the bound, variants are not kept either: each one seen would be a new entry.
    if (variant.name || limited === undefined) byLimit.set(key, variant);
  }
  return variant;
}

/**
 * Makes the client's `query(text, values)` run a shape as a named statement with its limit
 * written in; every other query as it was. Once per client, when the pool connects it.
 */
export function preparing<C extends PgModule.ClientBase>(client: C): C {
  const query = client.query.bind(client) as (config: unknown, values?: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown[]) => {
    if (typeof config !== 'string' || !values || !isShapeText(config)) return query(config, values);
    const v = variantOf(config, values);
    const rest = v.written ? values.slice(0, values.length - v.written) : values;
    if (!v.name) return query(v.text, rest);
    const name = v.name;
    const running = query({ name, text: v.text, values: rest }) as Promise<unknown>;
    // pg's own record of what this connection prepared can be wrong: a run whose values fail to
    // serialize closes the statement, yet pg may still count it as prepared. The server's
    // answer sets it right for the next run: "does not exist" (26000), or "already exists" (42P05).
    running.catch((err: { code?: string }) => {
      const parsed = (
        client as unknown as { connection?: { parsedStatements?: Record<string, string> } }
      ).connection?.parsedStatements;
      if (!parsed) return;
      if (err?.code === '26000') delete parsed[name];
      else if (err?.code === '42P05') parsed[name] = v.text;
    });
    return running;
  }) as typeof client.query;
  return client;
}
