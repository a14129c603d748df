// The create form's choices from `GET P/postgres/capabilities`: the origin's option tree, where
// each level is named (`{flavor: {standard: {version: [...], location: {eu-central-h1: {family:
// {...}}}}}}`): flavor → location → family → size → storage size → HA type, with the versions
// under each flavor. A level is an object (its keys are the options) or a list of options.

type Node = unknown;

function isObject(n: Node): n is Record<string, unknown> {
  return !!n && typeof n === 'object' && !Array.isArray(n);
}

/** The options of `level` at a node: an object's keys, a list's items. */
function optionsOf(node: Node, level: string): string[] {
  const options = isObject(node) ? node[level] : undefined;
  if (Array.isArray(options)) return options.map(String);
  if (isObject(options)) return Object.keys(options);
  return [];
}

function childOf(node: Node, level: string, option: string): Node {
  const options = isObject(node) ? node[level] : undefined;
  return isObject(options) ? options[option] : undefined;
}

const LEVELS = ['flavor', 'location', 'family', 'size', 'storage_size', 'ha_type'] as const;
type Level = (typeof LEVELS)[number];

/** The form's choices. */
export type Choice = Record<Level | 'version', string>;

/** The options of `level` under the choices of the levels above it. */
export function optionsAt(tree: Node, level: Level, choice: Partial<Choice>): string[] {
  let node = tree;
  for (const l of LEVELS) {
    if (l === level) return optionsOf(node, l);
    node = childOf(node, l, choice[l] ?? '');
  }
  return [];
}

/** The versions a flavor offers. */
export function versionsOf(tree: Node, flavor: string): string[] {
  return optionsOf(childOf(tree, 'flavor', flavor), 'version');
}

/**
 * The choice with every level the tree does not offer under the levels above replaced by the
 * `prefer`red option there, else the first; `version` likewise (else the newest).
 */
export function fitChoice(tree: Node, choice: Choice, prefer: Partial<Choice> = {}): Choice {
  const next = { ...choice };
  for (const level of LEVELS) {
    const options = optionsAt(tree, level, next);
    if (!options.includes(next[level])) {
      const p = prefer[level];
      next[level] = p !== undefined && options.includes(p) ? p : (options[0] ?? '');
    }
  }
  const versions = versionsOf(tree, next.flavor);
  if (!versions.includes(next.version))
    next.version =
      prefer.version && versions.includes(prefer.version)
        ? prefer.version
        : (versions[versions.length - 1] ?? '');
  return next;
}
