// Runs one `ubi` command line (decision 235): global options, the command, a kind's object
// reference (`location/name` or an ID), its post-options and post-command, as the origin's
// `ubi` reads them. Every failure the user caused answers 400 with a `! Message` and the help
// of the command concerned; an API refusal answers the API's status with its message.
import {
  CliFailure,
  checkArity,
  helpOf,
  isGroup,
  parseOptions,
  reply,
  type CliReply,
  type KindGroup,
  type Leaf,
  type PostContext,
  type Root,
  type RunContext,
  type Target,
} from './command.ts';
import { kindOfId } from './common.ts';
import { ApiFailure } from './internal-api.ts';
import { alGroup } from './kinds/audit-log.ts';
import { fwGroup } from './kinds/firewall.ts';
import { ghGroup } from './kinds/github.ts';
import { kcGroup } from './kinds/kubernetes.ts';
import { lbGroup } from './kinds/load-balancer.ts';
import { pgGroup } from './kinds/postgres.ts';
import { psGroup } from './kinds/private-subnet.ts';
import { skGroup } from './kinds/ssh-public-key.ts';
import { vmGroup } from './kinds/vm.ts';

const VERSION_PATTERN = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

/** The `X-Ubi-Version` header when it is a version number. */
export const clientVersionOf = (header: string | undefined) =>
  header && VERSION_PATTERN.test(header) ? header : 'unknown';

const version: Leaf = {
  desc: 'Display CLI program version',
  usage: ['ubi version'],
  async run(c) {
    return reply(c.clientVersion);
  },
};

type HelpNode = Root | KindGroup | Leaf | Leaf<PostContext>;

/** The entry `word` of a command table: its own entries only (a word like `constructor` is not one). */
const entry = <T>(table: Record<string, T>, word: string | undefined): T | undefined =>
  word !== undefined && Object.hasOwn(table, word) ? table[word] : undefined;

function childOf(node: HelpNode, word: string): HelpNode | undefined {
  if (isKindGroup(node)) return entry(node.commands, word) ?? entry(node.post, word);
  return 'commands' in node ? entry((node as Root).commands, word) : undefined;
}

const isKindGroup = (node: HelpNode): node is KindGroup => 'post' in node;

/** `ssh` and `psql` appear in `help -r` only for a program that runs them (as the origin's). */
const INTERACTIVE = ['vm ssh', 'pg psql'];
const INTERACTIVE_HELP_VERSION = [1, 1, 0];

/** Whether `version` ("1.0.9", or "unknown" as 0.0.0) is older than `than`. */
function olderThan(version: string, than: number[]): boolean {
  const parts = VERSION_PATTERN.test(version) ? version.split('.').map(Number) : [0, 0, 0];
  for (let i = 0; i < 3; i++) if (parts[i] !== than[i]) return parts[i]! < than[i]!;
  return false;
}

/** The origin loads a command from the file `<name>.rb`, in byte order ("destroy-nodepool" first). */
const byFileName = ([one]: [string, unknown], [other]: [string, unknown]) =>
  `${one}.rb` < `${other}.rb` ? -1 : 1;

/** `node` and every node below it: its commands, then its post-commands, each in file order. */
function everyNode(node: HelpNode, path: string[]): { node: HelpNode; path: string[] }[] {
  const below = (children: Record<string, HelpNode>) =>
    Object.entries(children)
      .sort(byFileName)
      .flatMap(([word, child]) => everyNode(child, [...path, word]));
  if (!('commands' in node)) return [{ node, path }];
  return [{ node, path }, ...below(node.commands), ...(isKindGroup(node) ? below(node.post) : [])];
}

const help: Leaf = {
  desc: 'Get command help',
  usage: ['ubi help [options] [command [subcommand]]'],
  options: [
    {
      short: 'r',
      long: 'recursive',
      desc: 'also show documentation for all subcommands of command',
    },
    { short: 'u', long: 'usage', desc: 'only show usage' },
  ],
  args: { min: 0 },
  async run(c, argv, opts) {
    let node: HelpNode = root;
    for (const word of argv) {
      const next = childOf(node, word);
      if (!next) throw new CliFailure(`invalid command: ${argv.join(' ')}`, helpOf(node));
      node = next;
    }
    const target = node;
    if (opts.recursive !== true)
      return reply(opts.usage === true ? target.usage.join('\n') : helpOf(target));
    // The node, then each command and post-command below it, depth first (the origin's
    // `each_subcommand`); each help is followed by a blank line.
    const old = olderThan(c.clientVersion, INTERACTIVE_HELP_VERSION);
    const docs = everyNode(target, argv).filter(
      ({ path }) => !(old && INTERACTIVE.includes(path.join(' '))),
    );
    const text =
      opts.usage === true
        ? docs.map(({ node: d }) => `${d.usage.join('\n')}\n`).join('')
        : docs.map(({ node: d }) => `${helpOf(d)}\n\n`).join('');
    return reply(text);
  },
};

export const root: Root = {
  desc: 'CLI to interact with Ubicloud',
  usage: ['ubi command [command-options] ...'],
  examples: [
    'ubi vm list    # List virtual machines',
    'ubi help vm    # Get help for vm subcommand',
  ],
  // The origin's only global option (`--version` and `--help` are commands there, not options).
  options: [{ long: 'confirm', arg: 'confirmation', desc: 'confirmation value' }],
  commands: {
    al: alGroup,
    fw: fwGroup,
    gh: ghGroup,
    help,
    kc: kcGroup,
    lb: lbGroup,
    pg: pgGroup,
    ps: psGroup,
    sk: skGroup,
    version,
    vm: vmGroup,
  },
};

/** What runs a command line: the API and the client, without the per-command `fail`. */
export type Session = Omit<RunContext, 'fail' | 'confirm'>;

const failer = (node: HelpNode) => (message: string) => {
  throw new CliFailure(message, helpOf(node));
};

async function runLeaf<C extends RunContext>(
  leaf: Leaf<C>,
  name: string,
  argv: string[],
  c: Omit<C, 'fail'>,
): Promise<CliReply> {
  const fail = failer(leaf);
  const { options, rest } = leaf.raw
    ? { options: {}, rest: argv }
    : parseOptions(argv, leaf.options ?? [], fail);
  checkArity(leaf.args, rest, name, fail);
  return leaf.run({ ...c, fail } as C, rest, options);
}

/**
 * `location/name`, or an ID of the kind (its location from object-info). An ID of no kind
 * the CLI knows, or `a/b/c`, is not a reference; an ID the project does not hold, or of
 * another kind, is "no such object", as the origin answers it.
 */
async function resolveTarget(group: KindGroup, ref: string, c: Session): Promise<Target> {
  const fail = failer(group);
  if (group.reference) return group.reference(ref, fail);
  const parts = ref.split('/');
  if (parts.length === 1 && kindOfId(ref)) {
    const noSuch = () => fail(`no ${group.label} with id ${ref} exists`);
    if (kindOfId(ref)!.word !== group.word) noSuch();
    try {
      const info = await c.api.call('getObjectInfo', { object_id: ref });
      if (!info.location) noSuch();
      return { location: info.location!, ref };
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 404) noSuch();
      throw err;
    }
  }
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    fail(
      `invalid ${group.word} reference (${JSON.stringify(ref)}), should be in location/${group.word}-name or ${group.word}-id format`,
    );
  }
  return { location: parts[0]!, ref: parts[1]! };
}

async function runGroup(
  group: KindGroup,
  argv: string[],
  c: Session & { confirm: string | undefined },
): Promise<CliReply> {
  const fail = failer(group);
  const [first, ...rest] = argv;
  if (first === undefined) fail('no subcommand provided');
  const command = entry(group.commands, first);
  if (command)
    return isGroup(command)
      ? runGroup(command, rest, c)
      : runLeaf(command, `${group.word} ${first}`, rest, c);
  // A group without objects (`ubi al`) has only its commands.
  if (!Object.keys(group.post).length) fail(`invalid subcommand: ${first}`);
  if (argv.length < 2)
    fail(
      `invalid number of arguments for ${group.word} subcommand (requires: 2..., given: ${argv.length})`,
    );
  // `ubi vm show eu-central-h1/web` works as `ubi vm eu-central-h1/web show`.
  const [ref, ...after] = entry(group.post, first) ? [argv[1]!, first!, ...argv.slice(2)] : argv;
  const target = await resolveTarget(group, ref!, c);
  const { options: postOptions, rest: postArgv } = parseOptions(
    after,
    group.postOptions ?? [],
    fail,
  );
  const [name, ...args] = postArgv;
  if (name === undefined) fail('no post subcommand provided');
  const post = entry(group.post, name);
  if (!post) fail(`invalid post subcommand: ${name}`);
  return runLeaf(post!, `${group.word} ${name}`, args, { ...c, target, postOptions });
}

/** Runs the command line `argv` (the `ubi` program's arguments). */
export async function runCommandLine(argv: string[], session: Session): Promise<CliReply> {
  try {
    const fail = failer(root);
    const { options, rest } = parseOptions(argv, root.options, fail);
    const c = {
      ...session,
      confirm: typeof options.confirm === 'string' ? options.confirm : undefined,
    };
    const [word, ...args] = rest;
    if (word === undefined) fail('no subcommand provided');
    const node = entry(root.commands, word);
    if (!node) fail(`invalid subcommand: ${word}`);
    return isGroup(node!) ? await runGroup(node, args, c) : await runLeaf(node!, word!, args, c);
  } catch (err) {
    if (err instanceof CliFailure) {
      const message = `! ${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}`;
      return reply(err.help ? `${message}\n\n${err.help}` : message, 400);
    }
    if (err instanceof ApiFailure) {
      const details = Object.entries(err.details ?? {})
        .map(([k, v]) => `\n  ${k}: ${v}`)
        .join('');
      return reply(
        `! Unexpected response status: ${err.status}\nDetails: ${err.apiMessage}${details}`,
        err.status,
      );
    }
    throw err;
  }
}
