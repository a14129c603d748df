// What the kinds' commands share: labels, `list`, `show`, `destroy`, field selection, the table
// layout, and names turned into IDs. Formats and messages are the origin's `ubi`.
import { isId, type IdKind } from '#shared/ids';
import { NAME_PATTERN } from '#shared/names';
import {
  confirmation,
  reply,
  type KindGroup,
  type Leaf,
  type Options,
  type PostContext,
  type RunContext,
} from './command.ts';

export interface KindInfo {
  word: 'vm' | 'ps' | 'fw' | 'lb' | 'pg' | 'kc';
  /** In sentences ("virtual machine"), and at the start of one ("Virtual machine"). */
  label: string;
  Label: string;
  idKind: IdKind;
}

export const KINDS = {
  vm: { word: 'vm', label: 'virtual machine', Label: 'Virtual machine', idKind: 'vm' },
  ps: { word: 'ps', label: 'private subnet', Label: 'Private subnet', idKind: 'privateSubnet' },
  fw: { word: 'fw', label: 'firewall', Label: 'Firewall', idKind: 'firewall' },
  lb: { word: 'lb', label: 'load balancer', Label: 'Load balancer', idKind: 'loadBalancer' },
  pg: {
    word: 'pg',
    label: 'PostgreSQL database',
    Label: 'PostgreSQL database',
    idKind: 'postgres',
  },
  kc: {
    word: 'kc',
    label: 'Kubernetes cluster',
    Label: 'Kubernetes cluster',
    idKind: 'kubernetesCluster',
  },
} as const satisfies Record<string, KindInfo>;

/** Whether `value` is the ID of an object of one of the CLI's kinds (what `ubi` accepts as a reference). */
export function kindOfId(value: string): KindInfo | undefined {
  return Object.values(KINDS).find((k) => isId(k.idKind, value));
}

/** The group of a kind: its description and usage, its commands and post-commands. */
export function kindGroup(
  kind: KindInfo,
  parts: Pick<KindGroup, 'commands' | 'post' | 'postOptions'>,
): KindGroup {
  const ref = `(location/${kind.word}-name | ${kind.word}-id)`;
  return {
    word: kind.word,
    label: kind.label,
    desc: `Manage ${kind.label}s`,
    usage: [
      `ubi ${kind.word} command [...]`,
      parts.postOptions
        ? `ubi ${kind.word} ${ref} [post-options] post-command [...]`
        : `ubi ${kind.word} ${ref} post-command [...]`,
    ],
    ...parts,
  };
}

/** `-f a,b,c`: the fields asked for, each once and each known; all of them when none is given. */
export function checkFields(
  given: string | true | undefined,
  allowed: readonly string[],
  option: string,
  fail: (m: string) => never,
): string[] {
  if (typeof given !== 'string') return [...allowed];
  // Ruby's `split(",")`: trailing empty fields go, an empty one before a field stays (and is invalid).
  const keys = given.split(',');
  while (keys.at(-1) === '') keys.pop();
  if (keys.length === 0) fail(`no fields given in ${option}`);
  if (new Set(keys).size !== keys.length) fail(`duplicate field(s) in ${option}`);
  const invalid = keys.filter((k) => !allowed.includes(k));
  if (invalid.length) fail(`invalid field(s) given in ${option}: ${invalid.join(',')}`);
  return keys;
}

/** `storage-size-gib` → `storage_size_gib`. */
export const underscore = (key: string) => key.replaceAll('-', '_');

/** A value as the origin prints it (Ruby's to_s): nothing for null. */
export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A timestamp as the origin prints one (Ruby's `iso8601`): whole seconds. */
export const isoSeconds = (at: string) => at.replace(/\.\d+Z$/, 'Z');

/** A CSV field as Ruby's CSV writes it: quoted when empty or holding a comma, quote or line break. */
const csvField = (value: string) =>
  value === '' || /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/**
 * A page of a search as CSV, the origin's `format_paginated_csv`: the header unless `-N`, a
 * line per row, and when there is more, the command that continues the search with the options
 * given (in the order its SDK passes them on) and the next page's key.
 */
export function paginatedCsv(page: {
  header: string;
  headers: boolean;
  rows: string[][];
  command: string;
  given: (readonly [string, string])[];
  nextKey: string | undefined;
}): string {
  let body = page.headers ? `${page.header}\n` : '';
  for (const row of page.rows) body += `${row.map(csvField).join(',')}\n`;
  if (page.nextKey !== undefined) {
    const next = [
      ...page.given.filter(([name]) => name !== 'pagination-key'),
      ['pagination-key', page.nextKey] as const,
    ];
    body += `Continue search: ${page.command} ${next.map(([name, value]) => `--${name}=${value} `).join('')}\n`;
  }
  return body;
}

/** The options of `names` given on the command line, in that order, as [name, value] pairs. */
export const givenOptions = (opts: Options, names: readonly string[]) =>
  names.flatMap((name) => {
    const value = optionText(opts, name);
    return value === undefined ? [] : [[name, value] as const];
  });

/** Columns padded to their widest value (and header), two spaces apart, the last one too. */
export function formatRows(
  keys: readonly string[],
  rows: readonly Record<string, unknown>[],
  headers: boolean,
): string {
  const cells = rows.map((row) => keys.map((k) => text(row[underscore(k)])));
  const widths = keys.map((k, i) =>
    Math.max(headers ? k.length : 0, ...cells.map((c) => c[i]!.length)),
  );
  const line = (values: string[]) => `${values.map((v, i) => v.padEnd(widths[i]!)).join('  ')}\n`;
  // Headers show keys dashed, as the origin's (kc list: display_state → display-state).
  return (headers ? line(keys.map((k) => k.replaceAll('_', '-'))) : '') + cells.map(line).join('');
}

/** `ubi <kind> list [-f fields] [-l location] [-N]`. */
export function listCommand(
  kind: KindInfo,
  fields: readonly string[],
  fetch: (c: RunContext, location: string | undefined) => Promise<Record<string, unknown>[]>,
): Leaf {
  return {
    desc: `List ${kind.label}s`,
    usage: [`ubi ${kind.word} list [options]`],
    options: [
      { short: 'f', long: 'fields', arg: 'fields', desc: 'show specific fields (comma separated)' },
      {
        short: 'l',
        long: 'location',
        arg: 'location',
        desc: `only show ${kind.label}s in given location`,
      },
      { short: 'N', long: 'no-headers', desc: 'do not show headers' },
    ],
    optionValues: [['Fields:', fields]],
    async run(c, _args, opts) {
      const { fail } = c;
      const location = opts.location;
      if (typeof location === 'string' && !NAME_PATTERN.test(location))
        fail(`invalid location provided in ${kind.word} list -l option`);
      const keys = checkFields(opts.fields, fields, `${kind.word} list -f option`, fail);
      const items = await fetch(c, typeof location === 'string' ? location : undefined);
      return reply(formatRows(keys, items, opts['no-headers'] !== true));
    },
  };
}

/** A `show` option choosing the fields of the records inside the object (`-r` its rules…). */
export interface ShowPart {
  short: string;
  long: string;
  /** Whose fields, in the option's description ("firewall rule") and its values' title ("Firewall Rule Fields:"). */
  label: string;
  title: string;
  fields: readonly string[];
}

/**
 * `ubi <kind> ref show [-f fields] [-x part-fields…]`: a line per field asked for, `key: value`,
 * except the keys `special` lays out itself (given the object and the fields chosen for each
 * part, by its long option). Parts are checked in the order given and listed by letter.
 */
export function showCommand<T extends object>(
  kind: KindInfo,
  fields: readonly string[],
  get: (c: PostContext) => Promise<T>,
  special: Record<
    string,
    (item: T, parts: Record<string, string[]>, c: PostContext) => string | Promise<string>
  > = {},
  parts: readonly ShowPart[] = [],
): Leaf<PostContext> {
  const listed = [...parts].sort((one, other) => one.short.localeCompare(other.short));
  return {
    desc: `Show details for a ${kind.label}`,
    usage: [`ubi ${kind.word} (location/${kind.word}-name | ${kind.word}-id) show [options]`],
    options: [
      { short: 'f', long: 'fields', arg: 'fields', desc: 'show specific fields (comma separated)' },
      ...listed.map((part) => ({
        short: part.short,
        long: part.long,
        arg: 'fields',
        desc: `show specific ${part.label} fields (comma separated)`,
      })),
    ],
    optionValues: [
      ['Fields:', fields],
      ...listed.map((part): [string, readonly string[]] => [part.title, part.fields]),
    ],
    async run(c, _args, opts) {
      const keys = checkFields(opts.fields, fields, `${kind.word} show -f option`, c.fail);
      const chosen: Record<string, string[]> = {};
      for (const part of parts)
        chosen[part.long] = checkFields(
          opts[part.long],
          part.fields,
          `${kind.word} show -${part.short} option`,
          c.fail,
        );
      const item = await get(c);
      let body = '';
      for (const key of keys) {
        const layout = special[key];
        body += layout
          ? await layout(item, chosen, c)
          : fieldLine(key, (item as Record<string, unknown>)[underscore(key)]);
      }
      return reply(body);
    },
  };
}

/**
 * `ubi <kind> ref destroy [-f]`: without `-f`, a prompt (`ubi-confirm`) asking for the name;
 * the `ubi` program sends the command again after `--confirm <answer>`.
 */
export function destroyCommand(
  kind: KindInfo,
  remove: (c: PostContext) => Promise<void>,
): Leaf<PostContext> {
  return {
    desc: `Destroy a ${kind.label}`,
    usage: [`ubi ${kind.word} (location/${kind.word}-name | ${kind.word}-id) destroy [options]`],
    options: [{ short: 'f', long: 'force', desc: 'do not require confirmation' }],
    async run(c, _args, opts) {
      const name = c.target.ref;
      if (opts.force === true || c.confirm === name) {
        await remove(c);
        return reply(`${kind.Label}, if it exists, is now scheduled for destruction`);
      }
      if (c.confirm !== undefined)
        return reply(`! Confirmation of ${kind.label} name not successful.`, 400);
      return confirmation(
        'Confirmation',
        `Destroying this ${kind.label} is not recoverable.\nEnter the following to confirm destruction of the ${kind.label}: ${name}\n`,
      );
    },
  };
}

/** One line per field, `key: value`, for the fields that need no layout of their own. */
export function fieldLine(key: string, value: unknown): string {
  return `${key}: ${text(value)}\n`;
}

/** An integer argument ("invalid src-port argument" otherwise). */
export function integerArg(value: string, name: string, fail: (m: string) => never): number {
  if (!/^-?\d{1,9}$/.test(value)) fail(`invalid ${name} argument: ${JSON.stringify(value)}`);
  return Number(value);
}

/** `true` or `false` ("invalid cert-enabled argument" otherwise), as the origin's `need_boolean_arg`. */
export function booleanArg(
  value: string | undefined,
  name: string,
  fail: (m: string) => never,
): boolean {
  if (value !== 'true' && value !== 'false')
    fail(`invalid ${name} argument: ${value === undefined ? 'nil' : JSON.stringify(value)}`);
  return value === 'true';
}

/** An option's value as text (a flag's `true` is no value). */
export const optionText = (opts: Options, name: string): string | undefined =>
  typeof opts[name] === 'string' ? (opts[name] as string) : undefined;

/** `location/name` pairs need one `/`; the name of a `ref` alone is in the object's own location. */
export function splitLocName(value: string): { location: string; name: string } | undefined {
  const parts = value.split('/');
  return parts.length === 2 && parts[0] && parts[1]
    ? { location: parts[0], name: parts[1] }
    : undefined;
}

/** `ubi <kind> ref rename new-name`: one API call; the API checks the name. */
export function renameCommand(
  kind: KindInfo,
  rename: (c: PostContext, name: string) => Promise<unknown>,
): Leaf<PostContext> {
  return {
    desc: `Rename a ${kind.label}`,
    usage: [`ubi ${kind.word} (location/${kind.word}-name | ${kind.word}-id) rename new-name`],
    args: 1,
    async run(c, [name]) {
      await rename(c, name!);
      return reply(`${kind.Label} renamed to ${name}`);
    },
  };
}

/** A positive integer argument, as the origin's "the node count must be a positive integer". */
export function positiveCount(value: string, fail: (m: string) => never): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) <= 0)
    fail('the node count must be a positive integer');
  return Number(value);
}
