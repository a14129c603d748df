// The command tree of `POST /cli` (decision 235): what a command is, how its options are
// read, and how its help is written. The syntax is the origin system's `ubi` (options before
// arguments, `--` ends them, short flags may be grouped, a long option may be shortened to a
// unique prefix); the code is ours.
import type { InternalApi } from './internal-api.ts';

/** An answer of a command: a text body, its status, and the headers the `ubi` program acts on. */
export interface CliReply {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export interface OptionSpec {
  short?: string;
  long: string;
  /** The value's name when the option takes one (shown as `--long=value`, or `--long value` with `spaced`). */
  arg?: string;
  spaced?: boolean;
  desc: string;
  /** The values it accepts ("invalid argument" otherwise). */
  choices?: readonly string[];
  integer?: boolean;
}

/** Parsed options by long name: the value, or true for a flag. */
export type Options = Record<string, string | true | undefined>;

/**
 * How many arguments a command takes: exactly n, or at least `min` (shown as the origin's Ruby
 * range, `1..`, or `4...` where it wrote that).
 */
export type Arity = number | { min: number; message?: string; dots?: '..' | '...' };

/** An object a post-command acts on: `location/name`, or an ID whose location object-info gave. */
export interface Target {
  /** The reference's first part: a location, or a GitHub repository's installation (`ubi gh`). */
  location: string;
  /** The name, or the ID when the object was named by its ID (both are references). */
  ref: string;
}

export interface RunContext {
  api: InternalApi;
  /** The `--confirm` value the `ubi` program sends back after a prompt. */
  confirm: string | undefined;
  /** The `X-Ubi-Version` of the client when it is a version number, else "unknown". */
  clientVersion: string;
  /** Whether the client reached us over IPv6 (ssh then prefers the VM's IPv6 address, as the origin does). */
  ipv6: boolean;
  /** Fails the running command: 400, the message, then the command's help. */
  fail: (message: string) => never;
}

export interface PostContext extends RunContext {
  target: Target;
  /** The kind's post-options, given between the reference and the post-command (`ubi vm x -u root ssh`). */
  postOptions: Options;
}

interface Documented {
  desc: string;
  /** Usage lines. */
  usage: string[];
  examples?: string[];
}

export interface Leaf<C extends RunContext = RunContext> extends Documented {
  options?: OptionSpec[];
  /** "Allowed Option Values" lines of the help. */
  optionValues?: [string, readonly (string | number)[]][];
  args?: Arity;
  /** Everything after the command is passed on untouched (ssh, scp, psql). */
  raw?: boolean;
  run(c: C, args: string[], options: Options): Promise<CliReply>;
}

/** A resource kind's command (`ubi vm`): commands (`list`) and post-commands on an object. */
export interface KindGroup extends Documented {
  /** The command word and its labels in messages. */
  word: string;
  label: string;
  /** Commands, or groups of their own (`ubi gh installation`). */
  commands: Record<string, Leaf | KindGroup>;
  post: Record<string, Leaf<PostContext>>;
  postOptions?: OptionSpec[];
  /**
   * Objects named otherwise than `location/name` or an ID: reads the reference (a name or ID
   * alone with `nameOnly`, `installation/repository` for `ubi gh`).
   */
  reference?: (ref: string, fail: (message: string) => never) => Target;
}

/** A reference without a location (`ubi sk my-key show`): a name or an ID, no `/`. */
export const nameOnly =
  (label: string) =>
  (ref: string, fail: (message: string) => never): Target => {
    if (ref.includes('/'))
      fail(`invalid ${label} reference (${JSON.stringify(ref)}), should not include /`);
    return { location: '', ref };
  };

export interface Root extends Documented {
  options: OptionSpec[];
  commands: Record<string, Leaf | KindGroup>;
}

export type Node = Root | KindGroup | Leaf | Leaf<PostContext>;

/** A failure the user caused: 400, the message, then the help of the command it concerns. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly help?: string,
  ) {
    super(message);
  }
}

export const isGroup = (node: Leaf | KindGroup): node is KindGroup => 'post' in node;

// ---------------------------------------------------------------------------------------------
// Options

function optionName(spec: OptionSpec, given: string): string {
  return given.startsWith('--') ? `--${spec.long}` : `-${spec.short}`;
}

function checkValue(
  spec: OptionSpec,
  shown: string,
  value: string,
  fail: (m: string) => never,
): string {
  if (spec.choices && !spec.choices.includes(value)) fail(`invalid argument: ${shown} ${value}`);
  if (spec.integer && !/^-?\d{1,9}$/.test(value)) fail(`invalid argument: ${shown} ${value}`);
  return value;
}

/**
 * Reads options at the front of `argv` until the first argument that is not one (or `--`,
 * which is dropped). Returns the options and what follows.
 */
export function parseOptions(
  argv: readonly string[],
  specs: readonly OptionSpec[],
  fail: (message: string) => never,
): { options: Options; rest: string[] } {
  const options: Options = {};
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      const exact = specs.find((s) => s.long === name);
      const prefixed = name ? specs.filter((s) => s.long.startsWith(name)) : [];
      const spec = exact ?? (prefixed.length === 1 ? prefixed[0] : undefined);
      if (!spec) fail(prefixed.length > 1 ? `ambiguous option: ${a}` : `invalid option: ${a}`);
      const shown = optionName(spec, a);
      if (spec.arg) {
        let value = eq < 0 ? undefined : a.slice(eq + 1);
        if (value === undefined) value = argv[++i];
        if (value === undefined) fail(`missing argument: ${shown}`);
        options[spec.long] = checkValue(spec, shown, value, fail);
      } else {
        if (eq >= 0) fail(`needless argument: ${a}`);
        options[spec.long] = true;
      }
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const c = a[j]!;
        const spec = specs.find((s) => s.short === c);
        if (!spec) fail(`invalid option: -${c}`);
        if (!spec.arg) {
          // `-N=1`: a value given to a flag, as Ruby's OptionParser words it.
          if (a[j + 1] === '=') fail(`needless argument: -${c}${a.slice(j + 1)}`);
          options[spec.long] = true;
          continue;
        }
        let value: string | undefined = a.slice(j + 1);
        if (value === '') value = argv[++i];
        if (value === undefined) fail(`missing argument: -${c}`);
        options[spec.long] = checkValue(spec, `-${c}`, value, fail);
        break;
      }
      continue;
    }
    break;
  }
  return { options, rest: argv.slice(i) };
}

export function checkArity(
  arity: Arity | undefined,
  args: readonly string[],
  command: string,
  fail: (m: string) => never,
): void {
  const given = args.length;
  if (arity === undefined) {
    if (given !== 0)
      fail(`invalid number of arguments for ${command} subcommand (requires: 0, given: ${given})`);
  } else if (typeof arity === 'number') {
    if (given !== arity)
      fail(
        `invalid number of arguments for ${command} subcommand (requires: ${arity}, given: ${given})`,
      );
  } else if (given < arity.min) {
    fail(
      arity.message ??
        `invalid number of arguments for ${command} subcommand (requires: ${arity.min}${arity.dots ?? '..'}, given: ${given})`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Help, laid out as the origin's: description, usage, examples, commands, options, values.

const SUMMARY_WIDTH = 32;
const WRAP = 80;

function optionLine(spec: OptionSpec): string {
  const long = `--${spec.long}${spec.arg ? `${spec.spaced ? ' ' : '='}${spec.arg}` : ''}`;
  const left = spec.short ? `-${spec.short}, ${long}` : `    ${long}`;
  return `    ${left.padEnd(SUMMARY_WIDTH)} ${spec.desc}`;
}

/** `Label: a b c`, wrapped under the first value. */
function valuesLine(label: string, values: readonly (string | number)[]): string {
  const indent = ' '.repeat(4 + label.length + 1);
  const lines: string[] = [];
  let line = `    ${label}`;
  for (const v of values.map(String)) {
    if (line.length + 1 + v.length > WRAP && line.trim() !== label) {
      lines.push(line);
      line = indent.slice(0, -1);
    }
    line += ` ${v}`;
  }
  lines.push(line);
  return lines.join('\n');
}

function commandLines(commands: [string, { desc: string }][], width: number): string {
  return commands.map(([name, c]) => `    ${name.padEnd(width)}${c.desc}`).join('\n');
}

export function helpOf(node: Node): string {
  const parts: string[] = [node.desc, `Usage:\n${node.usage.map((u) => `    ${u}`).join('\n')}`];
  if (node.examples?.length)
    parts.push(`Examples:\n${node.examples.map((e) => `    ${e}`).join('\n')}`);
  if ('commands' in node) {
    const commands = Object.entries(node.commands).sort(([a], [b]) => a.localeCompare(b));
    const post =
      'post' in node ? Object.entries(node.post).sort(([a], [b]) => a.localeCompare(b)) : [];
    const width = Math.max(...[...commands, ...post].map(([n]) => n.length)) + 4;
    if (commands.length) parts.push(`Commands:\n${commandLines(commands, width)}`);
    if (post.length) parts.push(`Post Commands:\n${commandLines(post, width)}`);
    if ('postOptions' in node && node.postOptions?.length)
      parts.push(`Post Options:\n${node.postOptions.map(optionLine).join('\n')}`);
  } else {
    if (!node.raw && node.options?.length)
      parts.push(`Options:\n${node.options.map(optionLine).join('\n')}`);
    if (node.optionValues?.length)
      parts.push(
        `Allowed Option Values:\n${node.optionValues.map(([l, v]) => valuesLine(l, v)).join('\n')}`,
      );
  }
  return `${parts.join('\n\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Answers

/** A normal answer: the origin ends every printed body with a newline. */
export function reply(body: string, status = 200): CliReply {
  return { status, body: body.endsWith('\n') ? body : `${body}\n` };
}

/** Asks the `ubi` program to run `argv[0]` with the rest (NUL-separated), which it checks first. */
export function execute(argv: string[], headers: Record<string, string> = {}): CliReply {
  const [program, ...args] = argv;
  return {
    status: 200,
    body: args.join('\0'),
    headers: { ...headers, 'ubi-command-execute': program! },
  };
}

/** Asks the user to confirm: the program prints the body and `prompt:`, then sends the argv again after `--confirm <answer>`. */
export function confirmation(prompt: string, body: string): CliReply {
  return { status: 200, body, headers: { 'ubi-confirm': prompt } };
}
